import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { FaUserPlus } from 'react-icons/fa';
import { MESSAGES, addUserSchema, firstIssueMessage, isRole, type AddUserInput } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useCreateUser } from '../api/create-user.ts';
import { ROLE_OPTIONS } from './role-options.ts';

// SPEC 9: the default role of a created record is user.
const EMPTY_FORM: AddUserInput = { email: '', name: '', password: '', role: 'user' };

/** User Management's add-user form (SPEC 2, 5, 8): email, name, password and role. */
export function AddUserForm() {
  const createUser = useCreateUser();
  const [values, setValues] = useState<AddUserInput>(EMPTY_FORM);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const success = useFlashMessage();

  function field(name: 'email' | 'name' | 'password') {
    return {
      value: values[name],
      onChange: (event: { currentTarget: HTMLInputElement }) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      },
      'aria-invalid': error?.field === name || undefined,
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    success.clear();
    // The rules the server applies, in the same order (packages/core/src/schemas/users.ts).
    const parsed = addUserSchema.safeParse(values);
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path[0];
      return setError({ message: firstIssueMessage(parsed.error), field: typeof path === 'string' ? path : undefined });
    }
    setError(null);
    createUser.mutate(values, {
      onSuccess: ({ message }) => {
        setValues(EMPTY_FORM);
        success.show(message);
      },
      onError: (failure) => setError({ message: errorMessage(failure, MESSAGES.addUserFailed) }),
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-user-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-user-heading">
            Add User
          </Title>
          <ErrorBanner message={error?.message} />
          <SuccessBanner message={success.message} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Email" type="email" autoComplete="off" required {...field('email')} />
            <TextInput label="Name" autoComplete="off" required {...field('name')} />
            <PasswordInput label="Password" autoComplete="new-password" required {...field('password')} />
            <Select
              label="Role"
              placeholder="Choose a role"
              required
              data={ROLE_OPTIONS}
              value={values.role || null}
              onChange={(role) => setValues((current) => ({ ...current, role: isRole(role) ? role : '' }))}
              // Choosing the selected role again clears it, by mouse or keyboard alike (the
              // clear button Mantine draws is hidden from both keyboards and screen readers).
              clearable
              aria-invalid={error?.field === 'role' || undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<FaUserPlus aria-hidden />} loading={createUser.isPending}>
              Add User
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
