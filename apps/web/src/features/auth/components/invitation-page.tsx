import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Center, PasswordInput, Stack, Text } from '@mantine/core';
import { MAX_PASSWORD_LENGTH, MESSAGES, ROLE_LABELS, acceptInvitationFormSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useAcceptInvitation, useInvitation } from '../api/invitation.ts';
import { AuthCard } from './auth-card.tsx';
import { DeadInvitation, isDeadInvitation } from './dead-invitation.tsx';
import type { LoginPageState } from './login-page.tsx';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

const FIELDS = ['password', 'confirmPassword'] as const;

/**
 * /invitation/:token (issue 15, docs/decisions/023-invitations.md): who the invitation is for, and
 * the form where they choose their first password. Opening it only reads; the password is set once,
 * then the person is sent to sign in with it. A dead link says why and what to do.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const problem = useFormProblems(FIELDS);

  if (invitation.isPending) {
    return (
      <AuthCard title="Invitation">
        <Center py="md">
          <BusyIndicator />
        </Center>
      </AuthCard>
    );
  }
  // The link may die while the form is open (withdrawn, expired, used in another tab).
  const deadness = isDeadInvitation(invitation.error) ? invitation.error : isDeadInvitation(accept.error) ? accept.error : null;
  if (deadness) return <DeadInvitation error={deadness} />;
  if (invitation.isError) {
    return (
      <AuthCard title="Invitation">
        <ErrorBanner message={errorMessage(invitation.error, MESSAGES.loadInvitationFailed)} />
        <Button onClick={() => void invitation.refetch()} fullWidth>
          Try again
        </Button>
      </AuthCard>
    );
  }

  const person = invitation.data;
  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      problem.edited(name);
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: problem.errorOf(name),
    maxLength: MAX_PASSWORD_LENGTH,
    // Mantine's PasswordInput draws the error but leaves aria-invalid off its input.
    'aria-invalid': problem.errorOf(name) ? true : undefined,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = acceptInvitationFormSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    accept.mutate(
      { token, password: parsed.data.password },
      {
        onSuccess: ({ email, message }) => void navigate(paths.login, { replace: true, state: { notice: message, email } satisfies LoginPageState }),
        onError: (failure) => {
          if (!(failure instanceof ApiError && isDeadInvitation(failure))) problem.fromServer(failure, MESSAGES.acceptInvitationFailed);
        },
      },
    );
  }

  return (
    <AuthCard title={`Welcome, ${person.name}`}>
      <Text ta="center">Choose a password to finish setting up your Kobo account.</Text>
      <FactList
        cols={2}
        facts={[
          { label: 'Email', value: person.email },
          { label: 'Role', value: ROLE_LABELS[person.role] },
        ]}
      />
      <ErrorBanner message={problem.banner} />
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" autoComplete="username" value={person.email} readOnly hidden />
          <PasswordInput label="Password" description="At least 6 characters" autoComplete="new-password" required {...field('password')} />
          <PasswordInput label="Confirm Password" autoComplete="new-password" required {...field('confirmPassword')} />
          <Button type="submit" fullWidth loading={accept.isPending} mt="xs">
            Set Password
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login} size="sm">
          Already set your password? Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
