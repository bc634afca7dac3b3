import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { firstIssueMessage, MESSAGES, paymentMappingKey, paymentMethodSchema } from '@kobo/core';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSetLedgerMapping } from './ledger-mappings-api.ts';

/** Gives a payment method its own account; its expenses post there from now on. */
export function PaymentMethodForm({ options, onAdded }: { options: { value: string; label: string }[]; onAdded: (message: string) => void }) {
  const save = useSetLedgerMapping();
  const [method, setMethod] = useState('');
  const [accountId, setAccountId] = useState('');
  const [errors, setErrors] = useState<{ method?: string; accountId?: string }>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = paymentMethodSchema.safeParse(method);
    const found: { method?: string; accountId?: string } = {};
    if (!parsed.success) found.method = firstIssueMessage(parsed.error);
    if (!accountId) found.accountId = MESSAGES.chooseLedgerAccount;
    setErrors(found);
    if (!parsed.success || !accountId) return;
    save.mutate(
      { key: paymentMappingKey(parsed.data), accountId },
      {
        onSuccess: () => {
          setMethod('');
          setAccountId('');
          onAdded(`${parsed.data} now posts to its own account`);
        },
        onError: (failure) => {
          const message = errorMessage(failure, MESSAGES.serverError);
          setErrors(failure instanceof ApiError && failure.field === 'accountId' ? { accountId: message } : { method: message });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add a payment method">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label="Payment method" value={method} error={errors.method} style={{ flex: '1 1 10rem' }} onChange={(event) => setMethod(event.currentTarget.value)} />
        <NativeSelect
          label="Its account"
          data={[{ value: '', label: 'Choose…' }, ...options]}
          value={accountId}
          error={errors.accountId}
          style={{ flex: '1 1 10rem' }}
          onChange={(event) => setAccountId(event.currentTarget.value)}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={save.isPending}>
          Add payment method
        </Button>
      </Group>
    </form>
  );
}
