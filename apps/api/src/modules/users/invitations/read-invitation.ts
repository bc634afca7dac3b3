import { AppError, type InvitationView } from '@kobo/core';
import type { Database } from '../../../db/client.ts';
import { hasPassword } from './issue-invitation.ts';
import { findInvitation, invitationRefusal } from './invitation-rules.ts';

/** GET /api/invitations/:token: who a working link is for. Reads only: opening a link changes nothing. */
export async function readInvitation(db: Database, token: string, now: Date): Promise<InvitationView> {
  const found = await findInvitation(db, token);
  const refusal = invitationRefusal(found, await hasPassword(db, found.person.id), now);
  if (refusal) throw new AppError(refusal);
  return { name: found.person.name, email: found.person.email, role: found.person.role };
}
