import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { MESSAGES, updateLedgerAccountSchema, type LedgerAccountView } from '@kobo/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { accountLabel } from './account-options.ts';
import { useDeleteLedgerAccount, useUpdateLedgerAccount } from './ledger-accounts-api.ts';

/**
 * One account of the chart: its code, name and status; rename or recode it in place, retire it or
 * bring it back, and delete it while it has no postings. A refusal shows under the account.
 */
export function AccountRow({ account, onDone }: { account: LedgerAccountView; onDone: (message: string) => void }) {
  const update = useUpdateLedgerAccount();
  const deletion = useDeleteLedgerAccount();
  const [isEditing, setIsEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = accountLabel(account);
  const canRetire = !account.isSystem && account.subledger === null;
  const canDelete = !account.isSystem && !account.hasPostings;

  function setRetired(retired: boolean) {
    setError(null);
    update.mutate(
      { id: account.id, input: { retired } },
      {
        onSuccess: (saved) => onDone(`${accountLabel(saved)} ${retired ? 'retired' : 'is live again'}`),
        onError: (failure) => setError(errorMessage(failure, MESSAGES.serverError)),
      },
    );
  }

  function remove() {
    setError(null);
    deletion.mutate(account.id, {
      onSuccess: () => onDone(`${label} deleted`),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.serverError)),
    });
  }

  if (isEditing) return <EditAccountForm account={account} onClose={() => setIsEditing(false)} onSaved={onDone} />;
  return (
    <Stack component="li" gap={4} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
          <Text ff="monospace" fw={600} miw="4.5rem">
            {account.code}
          </Text>
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Text c={account.retired ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {account.name}
            </Text>
            {account.retired && (
              <Badge variant="light" color="gray" radius="sm">
                Retired
              </Badge>
            )}
            {account.subledger !== null && (
              <Badge variant="light" color="blue" radius="sm">
                Control
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap={4} wrap="wrap" justify="flex-end" style={{ flexShrink: 0, maxWidth: '50%' }}>
          <Button size="compact-sm" variant="subtle" aria-label={`Edit ${label}`} onClick={() => setIsEditing(true)}>
            Edit
          </Button>
          {canRetire && (
            <Button
              size="compact-sm"
              variant="subtle"
              color={account.retired ? undefined : 'orange'}
              aria-label={`${account.retired ? 'Bring back' : 'Retire'} ${label}`}
              loading={update.isPending}
              onClick={() => setRetired(!account.retired)}
            >
              {account.retired ? 'Bring back' : 'Retire'}
            </Button>
          )}
          {canDelete && (
            <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${label}`} loading={deletion.isPending} onClick={remove}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const EDIT_FIELDS = ['code', 'name'] as const;

function EditAccountForm({ account, onClose, onSaved }: { account: LedgerAccountView; onClose: () => void; onSaved: (message: string) => void }) {
  const update = useUpdateLedgerAccount();
  const [code, setCode] = useState(account.code);
  const [name, setName] = useState(account.name);
  const problems = useFormProblems(EDIT_FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateLedgerAccountSchema.safeParse({ code, name });
    if (!parsed.success) return void problems.fromSchema(parsed.error);
    problems.clear();
    update.mutate(
      { id: account.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          onSaved(`${accountLabel(saved)} saved`);
          onClose();
        },
        onError: (failure) => problems.fromServer(failure, MESSAGES.serverError),
      },
    );
  }

  return (
    <li style={{ listStyle: 'none' }}>
      <form id={problems.formId} onSubmit={handleSubmit} noValidate aria-label={`Edit ${accountLabel(account)}`}>
        <Stack gap="xs" py={6}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Code" value={code} error={problems.errorOf('code')} w={120} onChange={problems.typed('code', setCode)} />
            <TextInput label="Name" value={name} error={problems.errorOf('name')} style={{ flex: '1 1 12rem' }} onChange={problems.typed('name', setName)} />
          </Group>
          {problems.banner && (
            <Text size="sm" c="red" role="alert">
              {problems.banner}
            </Text>
          )}
          <Group gap="xs">
            <Button type="submit" size="compact-md" loading={update.isPending}>
              Save
            </Button>
            <Button variant="default" size="compact-md" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </li>
  );
}
