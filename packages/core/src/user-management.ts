import type { PublicUser } from './user.ts';

/**
 * The user-management API's answers (docs/decisions/011-people-and-audit.md), shared so the
 * browser reads the same shapes the server writes.
 */
export type UserPage = { users: PublicUser[]; total: number; page: number; pageSize: number };

export type UserAnswer = { user: PublicUser; message: string };
