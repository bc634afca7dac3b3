import { z } from 'zod';
import { ROLES } from '../roles.ts';

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
export type SessionInfo = { user: PublicUser | null };
/**
 * The signed-out screens' facts: whether the next account becomes the administrator, and whether
 * /signup takes new accounts (always, while no account exists: docs/decisions/023-invitations.md).
 */
export type SetupInfo = { needsFirstAdmin: boolean; openSignUp: boolean };
export type ApiErrorBody = { error: string; message: string; field?: string };

/**
 * The user-management API's answers (docs/decisions/011-people-and-audit.md), shared so the
 * browser reads the same shapes the server writes.
 */
export type UserPage = { users: UserListItem[]; total: number; page: number; pageSize: number };

/**
 * Where a person without a password stands (docs/decisions/023-invitations.md): an invitation that
 * still works, one that expired, one withdrawn or replaced with nothing newer, or none ever sent
 * (someone imported without a password). Null once they have a password.
 */
export const invitationStateSchema = z.object({ status: z.enum(['pending', 'expired', 'withdrawn', 'none']), expiresAt: z.string().nullable() });
export type InvitationState = z.infer<typeof invitationStateSchema>;

/** A row of the users table: the person, and their invitation's state. */
export type UserListItem = PublicUser & { invitation: InvitationState | null };

/** GET /api/invitations/:token: who the link is for. */
export type InvitationView = { name: string; email: string; role: PublicUser['role'] };

/** What accepting an invitation answers: the email to sign in with, and the sentence to show. */
export type InvitationAccepted = { email: string; message: string };

export type UserAnswer = { user: PublicUser; message: string };
