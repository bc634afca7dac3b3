import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { mailNoticeSchema } from '../mail.ts';

/** A user as the API reports it (SPEC 3 "User", DECISIONS 4: one `active` flag, `status` derived). */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  status: z.enum(['active', 'inactive']),
  staffId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  accessLevel: z.enum(['full', 'readonly']),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The session answer: `user` is null for a visitor (an answer, not an error). */
export const sessionInfoSchema = z.object({ user: publicUserSchema.nullable() });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
/**
 * The signed-out screens' facts: whether the next account becomes the administrator, and whether
 * /signup takes new accounts (always, while no account exists: docs/decisions/023-invitations.md).
 */
export const setupInfoSchema = z.object({ needsFirstAdmin: z.boolean(), openSignUp: z.boolean() });
export type SetupInfo = z.infer<typeof setupInfoSchema>;
export type ApiErrorBody = { error: string; message: string; field?: string };

/** An answer that is only the sentence to show ("Password changed", …). */
export const messageAnswerSchema = z.object({ message: z.string() });
/** Signing up or in: the signed-in user. */
export const signedInAnswerSchema = z.object({ user: publicUserSchema });
/** The sign-up switch as saved, and the sentence to show. */
export const signUpSettingsAnswerSchema = z.object({ settings: z.object({ openSignUp: z.boolean() }), message: z.string() });

/**
 * The user-management API's answers (docs/decisions/011-people-and-audit.md), shared so the
 * browser reads the same shapes the server writes.
 */

/**
 * Where a person without a password stands (docs/decisions/023-invitations.md): an invitation that
 * still works, one that expired, one withdrawn or replaced with nothing newer, or none ever sent
 * (someone imported without a password). Null once they have a password.
 */
export const invitationStateSchema = z.object({ status: z.enum(['pending', 'expired', 'withdrawn', 'none']), expiresAt: z.string().nullable() });
export type InvitationState = z.infer<typeof invitationStateSchema>;

/** A row of the users table: the person, and their invitation's state. */
export const userListItemSchema = publicUserSchema.extend({ invitation: invitationStateSchema.nullable() });
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userPageSchema = z.object({ users: z.array(userListItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type UserPage = z.infer<typeof userPageSchema>;

/** GET /api/invitations/:token: who the link is for. */
export const invitationViewSchema = z.object({ name: z.string(), email: z.string(), role: z.enum(ROLES) });
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** What accepting an invitation answers: the email to sign in with, and the sentence to show. */
export const invitationAcceptedSchema = z.object({ email: z.string(), message: z.string() });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** A person added, changed or found, and the sentence to show. */
export const userAnswerSchema = z.object({ user: publicUserSchema, message: z.string() });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** Issue 26: an invitation's answer says whether the mail will leave; when it is only kept, `mail.links` holds the accept link. */
export const invitedAnswerSchema = z.object({ user: publicUserSchema.extend({ invitation: invitationStateSchema }), message: z.string(), mail: mailNoticeSchema });
export const invitationResentAnswerSchema = z.object({ invitation: invitationStateSchema, message: z.string(), mail: mailNoticeSchema });
/** Withdrawn: the person's invitation state now (null once they have a password). */
export const invitationWithdrawnAnswerSchema = z.object({ invitation: invitationStateSchema.nullable(), message: z.string() });
