import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useSetup } from '../../../lib/auth/setup.ts';
import { paths } from '../../../lib/paths.ts';
import { loadAuthSchemas, warm } from '../../../lib/lazy-schemas.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';

/** What another page may hand the login page: a notice to show and the email to sign in with (an accepted invitation). */
export type LoginPageState = { notice?: string; email?: string };

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const navigate = useNavigate();
  // Drawn by the server, the form can be typed into before the scripts take it over; it can be sent
  // only after (use-hydrated.ts), with what was typed meanwhile.
  const hydrated = useHydrated();
  const state = (useLocation().state ?? {}) as LoginPageState;
  // What another page handed over (an accepted invitation's notice and email) is shown when the app
  // navigates here. A page the server drew ignores it: a reload keeps the history entry's state,
  // which the server never sees, and drawing the notice once React takes over would both differ
  // from the server's page and push the form down under a finger about to press Sign In.
  const [drawnByServer] = useState(!hydrated);
  const arrival: LoginPageState = drawnByServer ? {} : state;
  const signIn = useSignIn();
  // Issue 15: no way to /signup while sign-up is off (the page would only say so).
  const isSignUpOpen = useSetup().data?.openSignUp !== false;
  const [email, setEmail] = useState(arrival.email ?? '');
  const [password, setPassword] = useState('');
  const problem = useFormProblems(FIELDS, { bannerSentences: [MESSAGES.fillAllFields] });
  const error = problem.banner ?? null;
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (emailInput.current?.value) setEmail(emailInput.current.value);
    if (passwordInput.current?.value) setPassword(passwordInput.current.value);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { email, password };
    let schemas: Awaited<ReturnType<typeof loadAuthSchemas>>;
    try {
      schemas = await loadAuthSchemas();
    } catch (failure) {
      return problem.fromServer(failure, MESSAGES.signInFailed);
    }
    const parsed = schemas.signInSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    signIn.mutate(values, {
      // The admin-only guard on /dashboard sends other roles on to their own start page.
      onSuccess: () => void navigate(paths.dashboard, { replace: true }),
      onError: (failure) => problem.fromServer(failure, MESSAGES.signInFailed),
    });
  }

  return (
    <AuthCard title="Welcome Back">
      {/* Kept until the first try, not cleared after 3 s: it is why the person is here. */}
      <SuccessBanner message={error || signIn.isPending ? null : arrival.notice} />
      <ErrorBanner message={error} />
      <form id={problem.formId} onSubmit={(event) => void handleSubmit(event)} onFocusCapture={warm(loadAuthSchemas)} noValidate>
        <Stack gap="sm">
          <TextInput
            ref={emailInput}
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
          <PasswordInput
            ref={passwordInput}
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              problem.edited('password');
            }}
            error={problem.errorOf('password')}
            // Mantine's PasswordInput draws the error but leaves aria-invalid off its input.
            aria-invalid={problem.errorOf('password') ? true : undefined}
          />
          <Button type="submit" fullWidth loading={signIn.isPending || !hydrated} mt="xs">
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
