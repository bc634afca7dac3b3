import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MESSAGES, firstIssueMessage, signInSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
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
        <Anchor component={Link} to={paths.signup} size="sm">
          Create an account
        </Anchor>
      </Group>
    </AuthCard>
  );
}
