import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

export const MIN_PASSWORD_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const MAX_PASSWORD_LENGTH = 128;

/** The sign-up screen's rule for a new password (SPEC 5), for every form that sets one. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return password.length > MAX_PASSWORD_LENGTH ? `Password must be at most ${MAX_PASSWORD_LENGTH} characters` : null;
}
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const text = z.string().default('');

function emailIsValid(email: string): boolean {
  return z.email().safeParse(email).success;
}

/**
 * Sign up, checked in SPEC 5's order: name, email, password length, confirmation.
 * A malformed email gets SPEC 8's 'Invalid email address.'.
 */
export const signUpSchema = z
  .object({
    name: z.preprocess(trimmed, text),
    email: z.preprocess(trimmed, text),
    password: text,
    confirmPassword: text,
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // Every field is checked, in this order, so a form flags them all at once and the first issue
    // stays SPEC 5's first (docs/decisions/060-every-field-at-once.md).
    if (!value.name) fail('name', MESSAGES.enterName);
    else if (value.name.length > MAX_NAME_LENGTH) fail('name', `Name must be at most ${MAX_NAME_LENGTH} characters`);
    if (!value.email) fail('email', MESSAGES.enterEmail);
    else if (value.email.length > MAX_EMAIL_LENGTH || !emailIsValid(value.email)) fail('email', MESSAGES.invalidEmail);
    const passwordProblem = newPasswordProblem(value.password);
    if (passwordProblem) fail('password', passwordProblem);
    else if (value.confirmPassword !== value.password) fail('confirmPassword', MESSAGES.passwordsDoNotMatch);
  })
  .transform((value) => ({ name: value.name, email: value.email.toLowerCase(), password: value.password }));
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z
  .object({ email: z.preprocess(trimmed, text), password: text })
  .superRefine((value, ctx) => {
    // SPEC 5's one sentence for every empty field: the form flags each and says it once, in its banner.
    if (!value.email || !value.password) {
      if (!value.email) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.fillAllFields });
      if (!value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.fillAllFields });
      return;
    }
    if (value.email.length > MAX_EMAIL_LENGTH || !emailIsValid(value.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
    }
  })
  .transform((value) => ({ email: value.email.toLowerCase(), password: value.password }));
export type SignInInput = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z
  .object({ email: z.preprocess(trimmed, text) })
  .superRefine((value, ctx) => {
    if (!value.email || value.email.length > MAX_EMAIL_LENGTH || !emailIsValid(value.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.resetFailed });
    }
  })
  .transform((value) => ({ email: value.email.toLowerCase() }));

export const resetPasswordSchema = z
  .object({ token: text, password: text, confirmPassword: text })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!value.token) return fail('token', MESSAGES.resetLinkInvalid);
    const passwordProblem = newPasswordProblem(value.password);
    if (passwordProblem) return fail('password', passwordProblem);
    if (value.confirmPassword !== value.password) return fail('confirmPassword', MESSAGES.passwordsDoNotMatch);
  })
  .transform((value) => ({ token: value.token, password: value.password }));

