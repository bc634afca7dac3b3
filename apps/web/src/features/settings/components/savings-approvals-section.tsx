import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MESSAGES, approvalSettingsSchema, firstIssueMessage, koboToNairaString, type ApprovalSettings } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useApprovalSettings, useSaveApprovalSettings } from '../api/approval-settings.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';
import { ThresholdField } from './threshold-field.tsx';

/**
 * Settings → Savings approvals (issue 15): a second administrator for withdrawals and transfers
 * above an amount (off by default, for an organisation with one administrator), and whether a
 * member's own deposits and withdrawals move money at once or wait for an administrator to confirm.
 */
export function SavingsApprovalsSection() {
  return (
    <SavedSettingsSection
      title="Savings approvals"
      settings={useApprovalSettings()}
      loadFailedMessage={MESSAGES.loadApprovalSettingsFailed}
      savedMessage={MESSAGES.approvalSettingsSaved}
      Form={ApprovalsForm}
    />
  );
}

type FormProps = SavedSettingsFormProps<ApprovalSettings>;

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
