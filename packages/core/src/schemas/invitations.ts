import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { newPasswordProblem } from './auth.ts';

/**
 * Invitations and the sign-up switch (issue 15, docs/decisions/023-invitations.md).
 */

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/**
 * An invitation token as Kobo makes them: 32 random bytes in base64url, 43 characters. Anything
 * else in the link's place is no invitation, answered without a lookup.
 */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const text = z.string().default('');

/** POST /api/invitations/:token/accept: the person's first password. */
export const acceptInvitationSchema = z
  .object({ password: text })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

/** The invitation page's form: the route's check, then the confirmation, as sign-up checks it. */
export const acceptInvitationFormSchema = z
  .object({ password: text, confirmPassword: text })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.password);
    if (problem) return ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (value.confirmPassword !== value.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
  })
  .transform(({ password }) => ({ password }));
export type AcceptInvitationFormInput = z.input<typeof acceptInvitationFormSchema>;

/** The token in the link: its shape is checked by the service (an odd one is simply not found). */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** PUT /api/auth/sign-up-settings. */
export const signUpSettingsSchema = z.object({ openSignUp: z.boolean({ message: MESSAGES.invalidRequest }) });
export type SignUpSettings = z.infer<typeof signUpSettingsSchema>;
