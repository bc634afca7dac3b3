import { Alert, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { MAX_SAVINGS_DESCRIPTION_LENGTH, MESSAGES } from '@kobo/core';
import { monthOptions } from '../../../../lib/month-options.ts';
import type { RunSettings } from './use-run-settings.ts';

/**
 * The run's month, value date and description (issue 11): the value date starts on the month's
 * last working day, never after today; the description on '<Month YYYY> contribution'.
 */
export function RunDetails({ settings }: { settings: RunSettings }) {
  if (!settings.today || !settings.month) return <Text c="dimmed">{MESSAGES.loading}</Text>;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Run details">
      <Title order={2} size="h4" mb="sm">
        Run details
      </Title>
      <Stack gap="sm">
        <Group grow gap="sm" align="flex-start" preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Month"
            data={monthOptions(settings.today)}
            value={settings.month}
            onChange={(value) => value && settings.setMonth(value)}
            allowDeselect={false}
            error={settings.errors.month}
            miw={0}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            type="date"
            label="Value date"
            description="Starts on payday, the month's last working day (today while payday is ahead)."
            value={settings.valueDate}
            max={settings.today}
            error={settings.errors.valueDate}
            onChange={(event) => settings.setValueDate(event.currentTarget.value)}
            miw={0}
          />
        </Group>
        <TextInput
          label="Description"
          value={settings.description}
          maxLength={MAX_SAVINGS_DESCRIPTION_LENGTH}
          error={settings.errors.description}
          onChange={(event) => settings.setDescription(event.currentTarget.value)}
        />
        {settings.earlierBatch && (
          <Alert color="yellow" variant="light" title="Already posted">
            {settings.earlierBatch.message}. A second batch for this month needs a reason.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
