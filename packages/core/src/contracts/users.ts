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
export type SetupInfo = { needsFirstAdmin: boolean };
export type ApiErrorBody = { error: string; message: string; field?: string };

/**
 * The user-management API's answers (docs/decisions/011-people-and-audit.md), shared so the
 * browser reads the same shapes the server writes.
 */
export type UserPage = { users: PublicUser[]; total: number; page: number; pageSize: number };

export type UserAnswer = { user: PublicUser; message: string };
