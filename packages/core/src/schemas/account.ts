import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, newPasswordProblem } from './auth.ts';
import { isValidPhoneNumber } from './phone-number.ts';

/**
 * A person's own account on /profile (issue 15, docs/decisions/022-self-service-accounts.md): the
 * same rules as sign-up for a name and a password, Add New Staff's rule for a phone number. One
 * schema for each form and its route, checked in the form's order.
 */

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const text = z.string().default('');
/** A long link token is a made-up one: refused before any hashing or lookup. */
const MAX_TOKEN_LENGTH = 200;

function emailIsValid(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && z.email().safeParse(email).success;
}

type Fail = (path: string, message: string) => void;

function failer(ctx: z.RefinementCtx): Fail {
  return (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
}

/** Edit details: the full name (required) and a phone number (optional; blank clears it). */
export const profileDetailsSchema = z
  .object({
    name: z.preprocess(trimmed, text),
    phoneNumber: z.preprocess(trimmed, z.string().nullish()),
  })
  .superRefine((value, ctx) => {
    const fail = failer(ctx);
    // Every field is checked, so a form flags them all at once (docs/decisions/060-every-field-at-once.md).
    if (!value.name) fail('name', MESSAGES.enterName);
    else if (value.name.length > MAX_NAME_LENGTH) fail('name', `Name must be at most ${MAX_NAME_LENGTH} characters`);
    if (value.phoneNumber && !isValidPhoneNumber(value.phoneNumber)) fail('phoneNumber', MESSAGES.staffInvalidPhone);
  })
  .transform((value) => ({ name: value.name, phoneNumber: value.phoneNumber || null }));
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;

/**
 * The current password is asked for, never checked here beyond being there: a password longer than
 * any Kobo accepts cannot be the right one, and refusing it spares hashing it.
 */
function currentPasswordProblem(currentPassword: string): string | null {
  if (!currentPassword) return MESSAGES.enterCurrentPassword;
  return currentPassword.length > MAX_PASSWORD_LENGTH ? MESSAGES.wrongPassword : null;
}

/** POST /api/account/password: the current password, then the new one by sign-up's rules. */
export const changePasswordSchema = z
  .object({ currentPassword: text, newPassword: text })
  .superRefine((value, ctx) => {
    const fail = failer(ctx);
    const current = currentPasswordProblem(value.currentPassword);
    if (current) fail('currentPassword', current);
    const fresh = newPasswordProblem(value.newPassword);
    if (fresh) fail('newPassword', fresh);
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The Change password form: the route's checks, then the confirmation, as sign-up checks it. */
export const changePasswordFormSchema = z
  .object({ currentPassword: text, newPassword: text, confirmPassword: text })
  .superRefine((value, ctx) => {
    const parsed = changePasswordSchema.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    if (value.confirmPassword !== value.newPassword) failer(ctx)('confirmPassword', MESSAGES.passwordsDoNotMatch);
  })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }));
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** POST /api/account/email: the new address, then the current password that vouches for the change. */
export const changeEmailSchema = z
  .object({ newEmail: z.preprocess(trimmed, text), currentPassword: text })
  .superRefine((value, ctx) => {
    const fail = failer(ctx);
    if (!value.newEmail) fail('newEmail', MESSAGES.enterNewEmail);
    else if (!emailIsValid(value.newEmail)) fail('newEmail', MESSAGES.invalidEmail);
    const current = currentPasswordProblem(value.currentPassword);
    if (current) fail('currentPassword', current);
  })
  .transform((value) => ({ newEmail: value.newEmail.toLowerCase(), currentPassword: value.currentPassword }));
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** POST /api/account/email/confirm: the token from the link, as the link page found it. */
export const confirmEmailChangeSchema = z
  .object({ token: z.preprocess(trimmed, text) })
  .superRefine((value, ctx) => {
    if (!value.token || value.token.length > MAX_TOKEN_LENGTH) failer(ctx)('token', MESSAGES.emailChangeLinkInvalid);
  });

/** What the link page says once the change is made. */
export function emailChangedMessage(email: string): string {
  return `Your email is now ${email}.`;
}

/** The answer to a confirmed change: the address now on the account, and the sentence to show. */
export const emailChangeConfirmedSchema = z.object({ email: z.string(), message: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;
