import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MESSAGES, firstIssueMessage, signInSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useSetup } from '../../../lib/auth/setup.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';

/** What another page may hand the login page: a notice to show and the email to sign in with (an accepted invitation). */
export type LoginPageState = { notice?: string; email?: string };

export function LoginPage() {
  const navigate = useNavigate();
  const arrival = (useLocation().state ?? {}) as LoginPageState;
  const signIn = useSignIn();
  // Issue 15: no way to /signup while sign-up is off (the page would only say so).
  const isSignUpOpen = useSetup().data?.openSignUp !== false;
  const [email, setEmail] = useState(arrival.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { email, password };
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    signIn.mutate(values, {
      // The admin-only guard on /dashboard sends other roles on to their own start page.
      onSuccess: () => void navigate(paths.dashboard, { replace: true }),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.signInFailed)),
    });
  }

  return (
    <AuthCard title="Welcome Back">
      {/* Kept until the first try, not cleared after 3 s: it is why the person is here. */}
      <SuccessBanner message={error || signIn.isPending ? null : arrival.notice} />
      <ErrorBanner message={error} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={signIn.isPending} mt="xs">
            Sign In
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          Forgot password?
        </Anchor>
        {isSignUpOpen && (
          <Anchor component={Link} to={paths.signup} size="sm">
            Create an account
          </Anchor>
        )}
      </Group>
    </AuthCard>
  );
}
