import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { loanRecoverySettingsSchema, MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useRecoverySettings, useSaveRecoverySettings } from '../../api/admin-loan-recovery.ts';

const FIELDS = ['defaultDays'] as const;

/** Issue 33: the days in arrears from which a loan is in default and its guarantors can be made to pay (90 until changed). */
export function DefaultDaysSetting() {
  const settings = useRecoverySettings();
  const save = useSaveRecoverySettings();
  const [typed, setTyped] = useState<string | null>(null);
  const problems = useFormProblems(FIELDS);
  const shown = typed ?? (settings.data ? String(settings.data.defaultDays) : '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loanRecoverySettingsSchema.safeParse({ defaultDays: shown.trim() === '' ? Number.NaN : Number(shown) });
    if (problems.fromSchema(parsed.success ? null : parsed.error) || !parsed.success) return;
    save.mutate(parsed.data, { onSuccess: () => setTyped(null), onError: (failure) => problems.fromServer(failure, MESSAGES.serverError) });
  }

  const loadError = settings.isError ? errorMessage(settings.error, MESSAGES.loadLoansFailed) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Default">
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Days in arrears before a loan is in default"
              description="From then, an officer can recover the overdue amount from the guarantors."
              inputMode="numeric"
              w={{ base: '100%', sm: 360 }}
              value={shown}
              error={problems.errorOf('defaultDays')}
              disabled={!settings.data}
              onChange={problems.typed('defaultDays', setTyped)}
            />
            <Button type="submit" variant="default" loading={save.isPending} disabled={!settings.data}>
              Save
            </Button>
          </Group>
          <ErrorBanner message={loadError ?? problems.banner} />
        </Stack>
      </form>
    </Paper>
  );
}
