import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Center, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, signUpSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useSetup } from '../../../lib/auth/setup.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useSignUp, type SignUpBody } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

const EMPTY_FORM: SignUpBody = { name: '', email: '', password: '', confirmPassword: '' };
const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

/**
 * Sign up (SPEC 5). While an administrator has turned sign-up off (issue 15), the page says that
 * accounts are created by invitation and links to the sign-in page instead of showing the form;
 * the first account on an empty database can always be made.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const setup = useSetup();
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpBody>(EMPTY_FORM);
  const problem = useFormProblems(FIELDS);

  function field(name: keyof SignUpBody) {
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
    // Checked in SPEC 5's order by the schema the server also uses.
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    signUp.mutate(values, {
      onSuccess: () => void navigate(paths.dashboard, { replace: true }),
      onError: (failure) => {
        problem.fromServer(failure, MESSAGES.signUpFailed);
        // Turned off while the form was open: the page now says so.
        void setup.refetch();
      },
    });
  }

  if (setup.isPending) {
    return (
      <AuthCard title="Create Account">
        <Center py="md">
          <BusyIndicator />
        </Center>
      </AuthCard>
    );
  }

  if (setup.data?.openSignUp === false) {
    return (
      <AuthCard title="Create Account">
        <Alert color="blue" variant="light" role="note">
          {MESSAGES.signUpClosed}
        </Alert>
        <Button component={Link} to={paths.login} fullWidth>
          Go to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create Account">
      {setup.data?.needsFirstAdmin && (
        <Alert color="blue" variant="light" role="note">
          {MESSAGES.firstAccountBecomesAdmin}
        </Alert>
      )}
      <ErrorBanner message={problem.banner} />
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
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
