import { useState } from 'react';
import { MESSAGES, firstIssueMessage, koboToNairaString, receiptSettingsSchema, type ReceiptSettings } from '@kobo/core';
import { useReceiptSettings } from '../../../lib/receipt-settings-query.ts';
import { useSaveReceiptSettings } from '../api/receipt-settings.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';
import { SettingsSaveForm, type PreparedSave } from './settings-save-form.tsx';
import { ThresholdField } from './threshold-field.tsx';

/** Settings → Receipts (issue 14): expenses above an amount must carry a receipt (off by default). */
export function ReceiptsSection() {
  return (
    <SavedSettingsSection
      title="Receipts"
      settings={useReceiptSettings()}
      loadFailedMessage={MESSAGES.loadReceiptSettingsFailed}
      savedMessage={MESSAGES.receiptSettingsSaved}
      Form={ReceiptsForm}
    />
  );
}

type FormProps = SavedSettingsFormProps<ReceiptSettings>;

function ReceiptsForm({ saved, onSaved, onStart }: FormProps) {
  const [isRequired, setIsRequired] = useState(saved.requiredAboveKobo !== null);
  const [amount, setAmount] = useState<string | number>(saved.requiredAboveKobo === null ? '' : koboToNairaString(saved.requiredAboveKobo));
  const [amountError, setAmountError] = useState<string | null>(null);

  function prepare(): PreparedSave<{ requiredAbove: string | null }> {
    if (isRequired && String(amount).trim() === '') return { fieldError: MESSAGES.receiptThresholdRequired };
    const input = { requiredAbove: isRequired ? String(amount) : null };
    const parsed = receiptSettingsSchema.safeParse(input);
    return parsed.success ? { input } : { fieldError: firstIssueMessage(parsed.error) };
  }

  return (
    <SettingsSaveForm
      save={useSaveReceiptSettings()}
      prepare={prepare}
      field="requiredAbove"
      onFieldError={setAmountError}
      onSaved={onSaved}
      onStart={onStart}
      submitLabel="Save receipt settings"
    >
      <ThresholdField
        switchLabel="Require a receipt for large expenses"
        switchDescription="An expense above the amount cannot be saved without a photo or PDF of its receipt."
        amountLabel="Receipt required above (₦)"
        isOn={isRequired}
        onIsOnChange={setIsRequired}
        amount={amount}
        onAmountChange={setAmount}
        error={amountError}
        onEdit={() => setAmountError(null)}
      />
    </SettingsSaveForm>
  );
}
