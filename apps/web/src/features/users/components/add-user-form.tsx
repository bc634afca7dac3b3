import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { FaEnvelope, FaUserPlus } from 'react-icons/fa';
import { MESSAGES, addUserSchema, inviteUserSchema, isRole, type MailNotice, type Role } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { KeptMailNotice } from '../../../components/kept-mail-notice.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useInviteUser } from '../api/invitations.ts';
import { ROLE_OPTIONS } from './role-options.ts';

type Mode = 'password' | 'invitation';
const MODES: { value: Mode; label: string }[] = [
  { value: 'password', label: 'Set a password' },
  { value: 'invitation', label: 'Send an invitation' },
];
const FIELDS = ['email', 'name', 'password', 'role', 'phoneNumber'] as const;
type Values = { email: string; name: string; password: string; role: Role | ''; phoneNumber: string };
// SPEC 9: the default role of a created record is user.
const EMPTY_FORM: Values = { email: '', name: '', password: '', role: 'user', phoneNumber: '' };

/**
 * User Management's add-user form (SPEC 2, 5, 8): email, name, password and role. Issue 15 adds a
 * second way, chosen above the fields: send the person an invitation to choose their own password
 * (the password field gives way to a phone number for staff). Setting a password stays the default.
 */
export function AddUserForm() {
  const createUser = useCreateUser();
  const inviteUser = useInviteUser();
  const [mode, setMode] = useState<Mode>('password');
  const [values, setValues] = useState<Values>(EMPTY_FORM);
  const problem = useFormProblems(FIELDS);
  const success = useFlashMessage();
  // An invitation that was not sent (no mail server): its words and link stay until the admin is done.
  const [kept, setKept] = useState<{ message: string; mail: MailNotice } | null>(null);
  const isInvitation = mode === 'invitation';

  function field(name: 'email' | 'name' | 'password' | 'phoneNumber') {
    return {
      value: values[name],
      onChange: (event: { currentTarget: HTMLInputElement }) => {
        const { value } = event.currentTarget;
        problem.edited(name);
        setValues((current) => ({ ...current, [name]: value }));
      },
      error: problem.errorOf(name),
      // Mantine's PasswordInput draws the error but leaves aria-invalid off its input.
      'aria-invalid': problem.errorOf(name) ? true : undefined,
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    success.clear();
    setKept(null);
    const done = {
      onSuccess: ({ message }: { message: string }) => {
        setValues(EMPTY_FORM);
        success.show(message);
      },
    };
    // The rules the server applies, in the same order (packages/core/src/schemas/users.ts).
    if (isInvitation) {
      const body = { email: values.email, name: values.name, role: values.role, phoneNumber: values.role === 'staff' ? values.phoneNumber : '' };
      const parsed = inviteUserSchema.safeParse(body);
      if (!parsed.success) return problem.fromSchema(parsed.error);
      problem.clear();
      return inviteUser.mutate(body, {
        onSuccess: ({ message, mail }) => {
          setValues(EMPTY_FORM);
          // Never "sent" when it was not: a kept invitation shows its link instead of a passing banner.
          if (mail.delivery === 'kept') setKept({ message, mail });
          else success.show(message);
        },
        onError: (failure) => problem.fromServer(failure, MESSAGES.sendInvitationFailed),
      });
    }
    const body = { email: values.email, name: values.name, password: values.password, role: values.role };
    const parsed = addUserSchema.safeParse(body);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    createUser.mutate(body, { ...done, onError: (failure) => problem.fromServer(failure, MESSAGES.addUserFailed) });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-user-heading">
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-user-heading">
            Add User
          </Title>
          <Stack gap={4}>
            <SegmentedControl
              aria-label="How the person gets their password"
              data={MODES}
              value={mode}
              onChange={(value) => {
                setMode(value === 'invitation' ? 'invitation' : 'password');
                problem.clear();
                success.clear();
                setKept(null);
              }}
              fullWidth
            />
            <Text size="xs" c="dimmed">
              {isInvitation
                ? 'They get an email with a link to choose their own password (or, without a mail server, you get the link to give them). It works once and expires in 7 days.'
                : 'You choose their password and tell it to them.'}
            </Text>
          </Stack>
          <ErrorBanner message={problem.banner} />
          <SuccessBanner message={success.message} />
          {kept && <KeptMailNotice message={kept.message} mail={kept.mail} onClose={() => setKept(null)} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Email" type="email" autoComplete="off" required {...field('email')} />
            <TextInput label="Name" autoComplete="off" required {...field('name')} />
            {!isInvitation && <PasswordInput label="Password" autoComplete="new-password" required {...field('password')} />}
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
              error={problem.errorOf('role')}
              comboboxProps={{ withinPortal: true }}
            />
            {isInvitation && values.role === 'staff' && (
              <TextInput label="Phone Number" description="Optional" type="tel" autoComplete="off" {...field('phoneNumber')} />
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            {isInvitation ? (
              <Button type="submit" leftSection={<FaEnvelope aria-hidden />} loading={inviteUser.isPending}>
                Send Invitation
              </Button>
            ) : (
              <Button type="submit" leftSection={<FaUserPlus aria-hidden />} loading={createUser.isPending}>
                Add User
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
