import { eq } from 'drizzle-orm';
import { AppError, type ErrorCode } from '@kobo/core';
import type { Database, Transaction } from '../../../db/client.ts';
import { invitations, users } from '../../../db/schema.ts';
import { hashInvitationToken, isInvitationTokenShape } from './invitation-token.ts';

export type InvitationRow = typeof invitations.$inferSelect;
export type InviteeRow = typeof users.$inferSelect;
export type FoundInvitation = { invitation: InvitationRow; person: InviteeRow };

/**
 * The invitation a link's token names, with its person; 404 for a token Kobo never made (any odd
 * spelling included: only the exact token's hash matches, and a token of the wrong shape is not
 * even looked up).
 */
export async function findInvitation(db: Database | Transaction, token: string): Promise<FoundInvitation> {
  if (!isInvitationTokenShape(token)) throw new AppError('INVITATION_NOT_FOUND');
  const [row] = await db
    .select({ invitation: invitations, person: users })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)));
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

/**
 * Why a link no longer works, or null when it does. Gone (410) once used, withdrawn or replaced,
 * or past its expiry; a deactivated person's link is refused as their sign-in would be (403). A
 * person who already has a password (set through Forgot password, say) has used their way in.
 */
export function invitationRefusal(found: FoundInvitation, personHasPassword: boolean, now: Date): ErrorCode | null {
  const { invitation, person } = found;
  if (invitation.usedAt) return 'INVITATION_USED';
  if (invitation.revokedAt) return 'INVITATION_WITHDRAWN';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'INVITATION_EXPIRED';
  if (!person.active) return 'ACCOUNT_DISABLED';
  if (personHasPassword) return 'INVITATION_USED';
  return null;
}
