import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MESSAGES, firstIssueMessage, koboToNairaString, receiptSettingsSchema, type ReceiptSettings } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useReceiptSettings } from '../../../lib/receipt-settings-query.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useSaveReceiptSettings } from '../api/receipt-settings.ts';
import { SettingsSection } from './settings-section.tsx';

/** Settings → Receipts (issue 14): expenses above an amount must carry a receipt (off by default). */
export function ReceiptsSection() {
  const settings = useReceiptSettings();
  const flash = useFlashMessage();
  return (
    <SettingsSection title="Receipts">
      <SuccessBanner message={flash.message} />
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <ErrorBanner message={errorMessage(settings.error, MESSAGES.loadReceiptSettingsFailed)} />
      ) : (
        // Keyed by what the server holds, so a save restarts the form from it.
        <ReceiptsForm key={JSON.stringify(settings.data)} saved={settings.data} onSaved={() => flash.show(MESSAGES.receiptSettingsSaved)} onStart={flash.clear} />
      )}
    </SettingsSection>
  );
}

type FormProps = { saved: ReceiptSettings; onSaved: () => void; onStart: () => void };

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
        <Stack gap="xs">
          <Switch
            label="Require a receipt for large expenses"
            description="An expense above the amount cannot be saved without a photo or PDF of its receipt."
            checked={isRequired}
            onChange={(event) => {
              setIsRequired(event.currentTarget.checked);
              setAmountError(null);
            }}
          />
          {isRequired && (
            <AmountInput
              label="Receipt required above (₦)"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setAmountError(null);
              }}
              error={amountError}
              required
            />
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save receipt settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
