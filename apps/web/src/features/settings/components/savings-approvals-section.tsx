import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MESSAGES, approvalSettingsSchema, firstIssueMessage, koboToNairaString, type ApprovalSettings } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useApprovalSettings, useSaveApprovalSettings } from '../api/approval-settings.ts';
import { SettingsSection } from './settings-section.tsx';
import { ThresholdField } from './threshold-field.tsx';

/**
 * Settings → Savings approvals (issue 15): a second administrator for withdrawals and transfers
 * above an amount (off by default, for an organisation with one administrator), and whether a
 * member's own deposits and withdrawals move money at once or wait for an administrator to confirm.
 */
export function SavingsApprovalsSection() {
  const settings = useApprovalSettings();
  // Here, not in the form: a save restarts the form from the saved settings (its key changes).
  const flash = useFlashMessage();
  return (
    <SettingsSection title="Savings approvals">
      <SuccessBanner message={flash.message} />
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <ErrorBanner message={errorMessage(settings.error, MESSAGES.loadApprovalSettingsFailed)} />
      ) : (
        // Keyed by what the server holds, so a save (or another admin's, on refetch) restarts the form from it.
        <ApprovalsForm key={JSON.stringify(settings.data)} saved={settings.data} onSaved={() => flash.show(MESSAGES.approvalSettingsSaved)} onStart={flash.clear} />
      )}
    </SettingsSection>
  );
}

type FormProps = { saved: ApprovalSettings; onSaved: () => void; onStart: () => void };

function ApprovalsForm({ saved, onSaved, onStart }: FormProps) {
  const save = useSaveApprovalSettings();
  const [isTwoPerson, setIsTwoPerson] = useState(saved.twoPersonThresholdKobo !== null);
  const [threshold, setThreshold] = useState<string | number>(saved.twoPersonThresholdKobo === null ? '' : koboToNairaString(saved.twoPersonThresholdKobo));
  const [isMemberDirect, setIsMemberDirect] = useState(saved.memberPostingsDirect);
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    setError(null);
    const blank = String(threshold).trim() === '';
    if (isTwoPerson && blank) return setThresholdError(MESSAGES.approvalThresholdRequired);
    const input = { twoPersonThreshold: isTwoPerson ? String(threshold) : null, memberPostingsDirect: isMemberDirect };
    const parsed = approvalSettingsSchema.safeParse(input);
    if (!parsed.success) return setThresholdError(firstIssueMessage(parsed.error));
    setThresholdError(null);
    // mutateAsync, not mutate's callbacks: the saved settings re-key (remount) this form before
    // per-call callbacks would run, and React Query drops those of an unmounted observer.
    void save.mutateAsync(input).then(onSaved, (failure: unknown) => {
      const message = errorMessage(failure, MESSAGES.serverError);
      if (failure instanceof ApiError && failure.field === 'twoPersonThreshold') setThresholdError(message);
      setError(message);
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorBanner message={error} />
        <ThresholdField
          switchLabel="Require a second administrator for large withdrawals and transfers"
          switchDescription="A withdrawal or transfer above the amount waits, its money held, until another administrator approves it."
          amountLabel="Above this amount (₦)"
          isOn={isTwoPerson}
          onIsOnChange={setIsTwoPerson}
          amount={threshold}
          onAmountChange={setThreshold}
          error={thresholdError}
          onEdit={() => setThresholdError(null)}
        />
        <Switch
          label="Members' own deposits and withdrawals post at once (no confirmation)"
          description="When off, a member's New Transaction is a request that an administrator confirms or declines."
          checked={isMemberDirect}
          onChange={(event) => setIsMemberDirect(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save approval settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
