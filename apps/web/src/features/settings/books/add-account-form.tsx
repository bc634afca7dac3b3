import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { ACCOUNT_KINDS, ACCOUNT_KIND_LABELS, BOOK_LABELS, createLedgerAccountSchema, MESSAGES, type Book } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateLedgerAccount } from './ledger-accounts-api.ts';

type Field = 'code' | 'name' | 'kind';
type FieldErrors = Partial<Record<Field, string>>;
const KIND_OPTIONS = [{ value: '', label: 'Choose…' }, ...ACCOUNT_KINDS.map((kind) => ({ value: kind, label: ACCOUNT_KIND_LABELS[kind] }))];

/** Adds an account to the book shown; every invalid field is flagged beside itself. */
export function AddAccountForm({ book, onAdded }: { book: Book; onAdded: (message: string) => void }) {
  const create = useCreateLedgerAccount();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setError(null);
    const parsed = createLedgerAccountSchema.safeParse({ book, code, name, kind });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'code' || field === 'name' || field === 'kind') && !found[field]) found[field] = issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (account) => {
        setCode('');
        setName('');
        setKind('');
        onAdded(`Account ${account.code} ${account.name} added`);
      },
      onError: (failure) => {
        const message = errorMessage(failure, MESSAGES.serverError);
        const field = failure instanceof ApiError ? failure.field : undefined;
        if (field === 'code' || field === 'name' || field === 'kind') setErrors({ [field]: message });
        else setError(message);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Add an account to the ${BOOK_LABELS[book]} book`}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Add an account to the {BOOK_LABELS[book]} book
        </Title>
        <ErrorBanner message={error} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Code" value={code} error={errors.code} w={120} onChange={(event) => setCode(event.currentTarget.value)} />
          <TextInput label="Name" value={name} error={errors.name} style={{ flex: '1 1 12rem' }} onChange={(event) => setName(event.currentTarget.value)} />
          <NativeSelect label="Kind" data={KIND_OPTIONS} value={kind} error={errors.kind} w={150} onChange={(event) => setKind(event.currentTarget.value)} />
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
