import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, firstIssueMessage, signUpSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSetup } from '../api/get-setup.ts';
import { useSignUp, type SignUpBody } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';

const EMPTY_FORM: SignUpBody = { name: '', email: '', password: '', confirmPassword: '' };

export function SignupPage() {
  const navigate = useNavigate();
  const setup = useSetup();
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpBody>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);

  function field(name: keyof SignUpBody) {
    return {
      value: values[name],
      onChange: (event: { currentTarget: HTMLInputElement }) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      },
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked in SPEC 5's order by the schema the server also uses.
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    signUp.mutate(values, {
      onSuccess: () => void navigate(paths.dashboard, { replace: true }),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.signUpFailed)),
    });
  }

  return (
    <AuthCard title="Create Account">
      {setup.data?.needsFirstAdmin && (
        <Alert color="blue" variant="light" role="note">
          {MESSAGES.firstAccountBecomesAdmin}
        </Alert>
      )}
      <ErrorBanner message={error} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Full Name" autoComplete="name" {...field('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordInput label="Password" autoComplete="new-password" {...field('password')} />
          <PasswordInput label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
          <Button type="submit" fullWidth loading={signUp.isPending} mt="xs">
            Sign Up
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {/* DECISIONS 1: the spec's link said /login2, which now redirects to /login. */}
        <Anchor component={Link} to={paths.login} size="sm">
          Already have an account? Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
