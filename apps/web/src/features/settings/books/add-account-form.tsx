import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { ACCOUNT_KINDS, ACCOUNT_KIND_LABELS, BOOK_LABELS, createLedgerAccountSchema, MESSAGES, type Book } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useCreateLedgerAccount } from './ledger-accounts-api.ts';

const FIELDS = ['code', 'name', 'kind'] as const;
const KIND_OPTIONS = [{ value: '', label: 'Choose…' }, ...ACCOUNT_KINDS.map((kind) => ({ value: kind, label: ACCOUNT_KIND_LABELS[kind] }))];

/** Adds an account to the book shown; every invalid field is flagged beside itself at once. */
export function AddAccountForm({ book, onAdded }: { book: Book; onAdded: (message: string) => void }) {
  const create = useCreateLedgerAccount();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState('');
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createLedgerAccountSchema.safeParse({ book, code, name, kind });
    if (!parsed.success) return void problems.fromSchema(parsed.error);
    problems.clear();
    create.mutate(parsed.data, {
      onSuccess: (account) => {
        setCode('');
        setName('');
        setKind('');
        onAdded(`Account ${account.code} ${account.name} added`);
      },
      onError: (failure) => problems.fromServer(failure, MESSAGES.serverError),
    });
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate aria-label={`Add an account to the ${BOOK_LABELS[book]} book`}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Add an account to the {BOOK_LABELS[book]} book
        </Title>
        <ErrorBanner message={problems.banner} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Code" value={code} error={problems.errorOf('code')} w={120} onChange={problems.typed('code', setCode)} />
          <TextInput label="Name" value={name} error={problems.errorOf('name')} style={{ flex: '1 1 12rem' }} onChange={problems.typed('name', setName)} />
          <NativeSelect label="Kind" data={KIND_OPTIONS} value={kind} error={problems.errorOf('kind')} w={150} onChange={problems.typed('kind', setKind)} />
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
