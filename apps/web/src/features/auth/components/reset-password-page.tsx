import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, resetPasswordSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';

const FIELDS = ['password', 'confirmPassword'] as const;

/** DECISIONS 6: the page the reset mail links to, /reset-password?token=… */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const problem = useFormProblems(FIELDS);
  const [isDone, setIsDone] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { token, password, confirmPassword };
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    resetPassword.mutate(values, {
      onSuccess: () => setIsDone(true),
      onError: (failure) => problem.fromServer(failure, MESSAGES.resetFailed),
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
      <ErrorBanner message={token ? problem.banner : MESSAGES.resetLinkInvalid} />
      {token ? (
        <form id={problem.formId} onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                problem.edited('password');
              }}
              error={problem.errorOf('password')}
              // PasswordInput leaves aria-invalid to its caller (TextInput sets it from `error`).
              aria-invalid={problem.errorOf('password') ? true : undefined}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.currentTarget.value);
                problem.edited('confirmPassword');
              }}
              error={problem.errorOf('confirmPassword')}
              aria-invalid={problem.errorOf('confirmPassword') ? true : undefined}
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
