import { Paper, Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useLoanSettings, useSaveLoanSettings } from '../../api/admin-loan-settings.ts';

/**
 * Two-person approval (docs/decisions/019-loans.md): off by default, for an organisation with one
 * administrator; when on, the officer who made an application cannot also approve it.
 */
export function TwoPersonApprovalSetting() {
  const settings = useLoanSettings();
  const save = useSaveLoanSettings();
  const loadError = settings.isError ? errorMessage(settings.error, MESSAGES.loadLoansFailed) : null;
  const saveError = save.isError ? errorMessage(save.error, MESSAGES.serverError) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Approval">
      <Stack gap="xs">
        <Switch
          label="Two-person approval"
          description="When on, the officer who made an application on a holder's behalf cannot also approve it."
          checked={save.isPending ? save.variables.twoPersonApproval : (settings.data?.twoPersonApproval ?? false)}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate({ twoPersonApproval: event.currentTarget.checked })}
        />
        <ErrorBanner message={loadError ?? saveError} />
      </Stack>
    </Paper>
  );
}
