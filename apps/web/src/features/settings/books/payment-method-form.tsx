import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { firstIssueMessage, MESSAGES, paymentMappingKey, paymentMethodSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useSetLedgerMapping } from './ledger-mappings-api.ts';

const FIELDS = ['method', 'accountId'] as const;

/** Gives a payment method its own account; its expenses post there from now on. Both fields are checked at once. */
export function PaymentMethodForm({ options, onAdded }: { options: { value: string; label: string }[]; onAdded: (message: string) => void }) {
  const save = useSetLedgerMapping();
  const [method, setMethod] = useState('');
  const [accountId, setAccountId] = useState('');
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = paymentMethodSchema.safeParse(method);
    // The method is checked alone (its schema is a string, not an object): its sentence joins the account's.
    const found = { method: parsed.success ? null : firstIssueMessage(parsed.error), accountId: accountId ? null : MESSAGES.chooseLedgerAccount };
    if (!parsed.success || !accountId) return void problems.check(found);
    problems.clear();
    save.mutate(
      { key: paymentMappingKey(parsed.data), accountId },
      {
        onSuccess: () => {
          setMethod('');
          setAccountId('');
          onAdded(`${parsed.data} now posts to its own account`);
        },
        // The mapping's key is the method: a refusal that names no field is about it.
        onError: (failure) => problems.show(errorMessage(failure, MESSAGES.serverError), failure instanceof ApiError && failure.field === 'accountId' ? 'accountId' : 'method'),
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate aria-label="Add a payment method">
      <Stack gap="xs">
        <ErrorBanner message={problems.banner} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Payment method" value={method} error={problems.errorOf('method')} style={{ flex: '1 1 10rem' }} onChange={problems.typed('method', setMethod)} />
          <NativeSelect
            label="Its account"
            data={[{ value: '', label: 'Choose…' }, ...options]}
            value={accountId}
            error={problems.errorOf('accountId')}
            style={{ flex: '1 1 10rem' }}
            onChange={problems.typed('accountId', setAccountId)}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={save.isPending}>
            Add payment method
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
