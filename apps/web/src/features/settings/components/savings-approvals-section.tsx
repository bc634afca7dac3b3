import { useState } from 'react';
import { Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MESSAGES, approvalSettingsSchema, firstIssueMessage, koboToNairaString, type ApprovalSettings } from '@kobo/core';
import { useApprovalSettings, useSaveApprovalSettings } from '../api/approval-settings.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';
import { SettingsSaveForm, type PreparedSave } from './settings-save-form.tsx';
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
  const [isTwoPerson, setIsTwoPerson] = useState(saved.twoPersonThresholdKobo !== null);
  const [threshold, setThreshold] = useState<string | number>(saved.twoPersonThresholdKobo === null ? '' : koboToNairaString(saved.twoPersonThresholdKobo));
  const [isMemberDirect, setIsMemberDirect] = useState(saved.memberPostingsDirect);
  const [thresholdError, setThresholdError] = useState<string | null>(null);

  function prepare(): PreparedSave<{ twoPersonThreshold: string | null; memberPostingsDirect: boolean }> {
    if (isTwoPerson && String(threshold).trim() === '') return { fieldError: MESSAGES.approvalThresholdRequired };
    const input = { twoPersonThreshold: isTwoPerson ? String(threshold) : null, memberPostingsDirect: isMemberDirect };
    const parsed = approvalSettingsSchema.safeParse(input);
    return parsed.success ? { input } : { fieldError: firstIssueMessage(parsed.error) };
  }

  return (
    <SettingsSaveForm
      save={useSaveApprovalSettings()}
      prepare={prepare}
      field="twoPersonThreshold"
      onFieldError={setThresholdError}
      onSaved={onSaved}
      onStart={onStart}
      submitLabel="Save approval settings"
    >
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
    </SettingsSaveForm>
  );
}
