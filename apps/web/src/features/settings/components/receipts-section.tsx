import { useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { MESSAGES, firstIssueMessage, koboToNairaString, receiptSettingsSchema, type ReceiptSettings } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useReceiptSettings } from '../../../lib/receipt-settings-query.ts';
import { useSaveReceiptSettings } from '../api/receipt-settings.ts';
import { SavedSettingsSection, type SavedSettingsFormProps } from './saved-settings-section.tsx';
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
  const save = useSaveReceiptSettings();
  const [isRequired, setIsRequired] = useState(saved.requiredAboveKobo !== null);
  const [amount, setAmount] = useState<string | number>(saved.requiredAboveKobo === null ? '' : koboToNairaString(saved.requiredAboveKobo));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    setError(null);
    if (isRequired && String(amount).trim() === '') return setAmountError(MESSAGES.receiptThresholdRequired);
    const input = { requiredAbove: isRequired ? String(amount) : null };
    const parsed = receiptSettingsSchema.safeParse(input);
    if (!parsed.success) return setAmountError(firstIssueMessage(parsed.error));
    setAmountError(null);
    // mutateAsync: the saved settings re-key (remount) this form before mutate's own callbacks would run.
    void save.mutateAsync(input).then(onSaved, (failure: unknown) => {
      const message = errorMessage(failure, MESSAGES.serverError);
      if (failure instanceof ApiError && failure.field === 'requiredAbove') setAmountError(message);
      else setError(message);
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorBanner message={error} />
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
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save receipt settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
