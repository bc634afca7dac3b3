import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { firstIssueMessage, loanRecoverySettingsSchema, MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useRecoverySettings, useSaveRecoverySettings } from '../../api/admin-loan-recovery.ts';

/** Issue 33: the days in arrears from which a loan is in default and its guarantors can be made to pay (90 until changed). */
export function DefaultDaysSetting() {
  const settings = useRecoverySettings();
  const save = useSaveRecoverySettings();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = typed ?? (settings.data ? String(settings.data.defaultDays) : '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loanRecoverySettingsSchema.safeParse({ defaultDays: shown.trim() === '' ? Number.NaN : Number(shown) });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => setTyped(null) });
  }

  const loadError = settings.isError ? errorMessage(settings.error, MESSAGES.loadLoansFailed) : null;
  const saveError = save.isError ? errorMessage(save.error, MESSAGES.serverError) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Default">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Days in arrears before a loan is in default"
              description="From then, an officer can recover the overdue amount from the guarantors."
              inputMode="numeric"
              w={{ base: '100%', sm: 360 }}
              value={shown}
              error={problem}
              disabled={!settings.data}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" loading={save.isPending} disabled={!settings.data}>
              Save
            </Button>
          </Group>
          <ErrorBanner message={loadError ?? saveError} />
        </Stack>
      </form>
    </Paper>
  );
}
