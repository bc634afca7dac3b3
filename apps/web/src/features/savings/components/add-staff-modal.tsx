import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { createStaffSchema, formatNaira, type SavingsHolderListItem } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { createStaffErrorMessage, useCreateStaff } from '../api/create-staff.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';

const FIELDS = ['email', 'password', 'name', 'phoneNumber'] as const;

type Props = { opened: boolean; onClose: () => void; onCreated: (staff: SavingsHolderListItem) => void };

/**
 * SPEC 2 / 5 / 8: Add New Staff. The server creates the sign-in (role staff, active, read-only
 * access), the next staff ID and a zero-balance account in one transaction. The fields start
 * empty each time the modal opens.
 */
export function AddStaffModal({ opened, onClose, onCreated }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="Add New Staff" fullScreen={isPhone} centered>
      <AddStaffForm onCancel={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function AddStaffForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (staff: SavingsHolderListItem) => void }) {
  const create = useCreateStaff();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const problem = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const values = { email, password, name, phoneNumber };
    const parsed = createStaffSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    create.mutate(values, {
      onSuccess: onCreated,
      // SPEC 8's create-staff sentences, in the error banner.
      onError: (failure) => problem.show(createStaffErrorMessage(failure), null),
    });
  }

  return (
    <form id={problem.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problem.banner} />
        <TextInput label="Email" type="email" autoComplete="off" value={email} onChange={problem.typed('email', setEmail)} error={problem.errorOf('email')} data-autofocus />
        <PasswordInput
          label="Password"
          description="At least 6 characters"
          autoComplete="new-password"
          value={password}
          onChange={problem.typed('password', setPassword)}
          error={problem.errorOf('password')}
          // PasswordInput leaves aria-invalid to its caller (TextInput sets it from `error`).
          aria-invalid={problem.errorOf('password') ? true : undefined}
        />
        <TextInput label="Full Name" autoComplete="off" value={name} onChange={problem.typed('name', setName)} error={problem.errorOf('name')} />
        <TextInput
          label="Phone Number (optional)"
          type="tel"
          autoComplete="off"
          value={phoneNumber}
          onChange={problem.typed('phoneNumber', setPhoneNumber)}
          error={problem.errorOf('phoneNumber')}
        />
        <Text size="xs" c="dimmed">
          The new staff member signs in with this email and password, and gets the next staff ID and a savings account at {formatNaira(0)}.
        </Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Staff
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
