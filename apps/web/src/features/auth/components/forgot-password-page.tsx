import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Stack, TextInput } from '@mantine/core';
import { MESSAGES, firstIssueMessage, forgotPasswordSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const success = useFlashMessage();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    success.clear();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    forgotPassword.mutate(
      { email },
      {
        onSuccess: () => success.show(MESSAGES.resetEmailSent),
        onError: (failure) => setError(errorMessage(failure, MESSAGES.resetFailed)),
      },
    );
  }

  return (
    <AuthCard title="Reset Password">
      <ErrorBanner message={error} />
      <SuccessBanner message={success.message} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={forgotPassword.isPending} mt="xs">
            Reset Password
          </Button>
          <Button component={Link} to={paths.login} variant="default" fullWidth>
            Back to Login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
