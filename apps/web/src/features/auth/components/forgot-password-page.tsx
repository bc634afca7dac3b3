import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Stack, TextInput } from '@mantine/core';
import { MESSAGES, forgotPasswordSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { paths } from '../../../lib/paths.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from './auth-card.tsx';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const success = useFlashMessage();
  const [email, setEmail] = useState('');
  // The spec's sentence for a bad address is the form's failure, so it stays in the banner, the field flagged.
  const problem = useFormProblems(FIELDS, { bannerSentences: [MESSAGES.resetFailed] });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    success.clear();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    forgotPassword.mutate(
      { email },
      {
        onSuccess: () => success.show(MESSAGES.resetEmailSent),
        onError: (failure) => problem.fromServer(failure, MESSAGES.resetFailed),
      },
    );
  }

  return (
    <AuthCard title="Reset Password">
      <ErrorBanner message={problem.banner} />
      <SuccessBanner message={success.message} />
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              problem.edited('email');
            }}
            error={problem.errorOf('email')}
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
