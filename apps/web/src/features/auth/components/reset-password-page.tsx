import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, firstIssueMessage, resetPasswordSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';

/** DECISIONS 6: the page the reset mail links to, /reset-password?token=… */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(token ? null : MESSAGES.resetLinkInvalid);
  const [isDone, setIsDone] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { token, password, confirmPassword };
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    resetPassword.mutate(values, {
      onSuccess: () => setIsDone(true),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.resetFailed)),
    });
  }

  if (isDone) {
    // Kept on screen (not cleared after 3 s like other success messages): it is the page's outcome.
    return (
      <AuthCard title="Set a New Password">
        <SuccessBanner message={MESSAGES.passwordChanged} />
        <Button component={Link} to={paths.login} fullWidth>
          Back to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a New Password">
      <ErrorBanner message={error} />
      {token ? (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={resetPassword.isPending} mt="xs">
              Set Password
            </Button>
          </Stack>
        </form>
      ) : (
        <Anchor component={Link} to={paths.forgotPassword} ta="center">
          Ask for a new reset link
        </Anchor>
      )}
    </AuthCard>
  );
}
