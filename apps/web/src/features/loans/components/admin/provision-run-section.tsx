import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, PAR_SCREEN_TEXT as TEXT, formatNaira, monthLabel, type IsoDate, type ProvisionRunView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { monthOptions } from '../../../../lib/month-options.ts';
import { useProvisionRuns, useRunProvision } from '../../api/admin-provision-runs.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';

/** What a run posted, signed as the screen reads it: '+₦26,000.00' adds to the provision, '−₦23,000.00' releases it. */
function postedLabel(differenceKobo: number): string {
  if (differenceKobo === 0) return formatNaira(0);
  return `${differenceKobo > 0 ? '+' : '−'}${formatNaira(Math.abs(differenceKobo))}`;
}

/**
 * The month-end provision (officers): a month (this one or one before), one button, and the runs
 * so far. A refusal (a locked month, a month before one already run) shows beside the month.
 */
export function ProvisionRunSection({ today }: { today: IsoDate }) {
  const options = monthOptions(today).slice(0, 13);
  const [month, setMonth] = useState<string>(options[0]?.value ?? today.slice(0, 7));
  const run = useRunProvision();
  const runs = useProvisionRuns();
  const fieldError = run.error instanceof ApiError && run.error.field === 'month' ? run.error.message : null;
  const otherError = run.isError && !fieldError ? errorMessage(run.error, MESSAGES.serverError) : null;
  const done = run.isSuccess ? (run.data.differenceKobo === 0 ? MESSAGES.provisionRunNothingToPost : `${MESSAGES.provisionRunPosted}: ${postedLabel(run.data.differenceKobo)}`) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={TEXT.runTitle}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {TEXT.runTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {TEXT.runDescription}
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label={TEXT.runMonth}
            data={options}
            value={month}
            onChange={(value) => {
              if (value) setMonth(value);
              run.reset();
            }}
            allowDeselect={false}
            error={fieldError}
            miw={0}
            maw={260}
            comboboxProps={{ withinPortal: true }}
          />
          <Button loading={run.isPending} onClick={() => run.mutate({ month })}>
            {TEXT.runButton}
          </Button>
        </Group>
        <ErrorBanner message={otherError} />
        <SuccessBanner message={done} />
        <RunList runs={runs.data ?? []} error={runs.isError ? errorMessage(runs.error, MESSAGES.loadLoansFailed) : null} />
      </Stack>
    </Paper>
  );
}

function RunList({ runs, error }: { runs: ProvisionRunView[]; error: string | null }) {
  // Who ran it is for the wide table; a phone keeps the month and the figures.
  const isWide = useIsWideScreen();
  if (error) return <ErrorBanner message={error} />;
  if (runs.length === 0) return <Text c="dimmed">{MESSAGES.noProvisionRuns}</Text>;
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {TEXT.runsTitle}
      </Title>
      <Table.ScrollContainer minWidth={isWide ? 420 : 300} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': TEXT.runsTitle } }}>
        <Table striped verticalSpacing={4} horizontalSpacing={isWide ? 'xs' : 6} fz={isWide ? 'sm' : 'xs'} aria-label={TEXT.runsTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{TEXT.monthColumn}</Table.Th>
              <Table.Th ta="right">{TEXT.required}</Table.Th>
              <Table.Th ta="right">{TEXT.postedColumn}</Table.Th>
              {isWide && <Table.Th>{TEXT.byColumn}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  {monthLabel(run.month)}
                  <Text size="xs" c="dimmed">
                    {formatCalendarDate(run.asOf)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(run.requiredKobo)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {postedLabel(run.differenceKobo)}
                </Table.Td>
                {isWide && <Table.Td>{run.createdByName}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
