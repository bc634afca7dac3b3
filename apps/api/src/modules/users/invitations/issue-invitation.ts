import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, INVITATION_DAYS } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../../db/client.ts';
import { invitations } from '../../../db/schema.ts';
import { enqueueMail } from '../../../mail/outbox.ts';
import { invitationMail } from '../../../mail/invitation-mail.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import { lockUser, userTarget } from '../user-rows.ts';
import { newInvitationToken } from './invitation-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `link` holds the token: it goes in the mail, and to the admin only when the mail is kept (docs/decisions/037). */
export type IssuedInvitation = { expiresAt: Date; replacedExpiresAt: Date | null; person: { name: string; email: string }; link: string };

/**
 * Sends a person without a password an invitation to choose one, inside the caller's transaction
 * (issue 15, docs/decisions/023-invitations.md): their user row is locked, any invitation still
 * open is revoked, a new one is stored (only the SHA-256 of its token) to expire INVITATION_DAYS
 * after `now`, the mail with the link is queued, and the act is audited. All of it exists exactly
 * when the caller's transaction commits; nudge the outbox after that.
 *
 * Add user's "Send an invitation", Resend, and (issue 16) people imported without a password all
 * come through here. Refused with 409 for someone who already has a password or is deactivated.
 */
export async function issueInvitation(
  tx: Transaction,
  options: { userId: string; invitedBy: AuditActor; now: Date; appUrl: string },
): Promise<IssuedInvitation> {
  const { now } = options;
  const person = await lockUser(tx, options.userId);
  if (!person.active) throw new AppError('INVITE_INACTIVE_ACCOUNT');
  if (await hasPassword(tx, person.id)) throw new AppError('ALREADY_HAS_PASSWORD');

  const replaced = await revokeOpenInvitations(tx, person.id, now);
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  await tx.insert(invitations).values({ userId: person.id, tokenHash, expiresAt, invitedById: options.invitedBy.id, createdAt: now });
  const link = `${options.appUrl}/invitation/${token}`;
  await enqueueMail(tx, 'user.invitation', invitationMail({ person, invitedBy: options.invitedBy, link }));
  const replacedExpiresAt = replaced[0]?.expiresAt ?? null;
  await recordAudit(tx, {
    kind: 'user.invited',
    actor: options.invitedBy,
    target: userTarget(person),
    people: [person.id],
    before: replaced.length > 0 ? { invitationExpiresAt: replacedExpiresAt?.toISOString() } : null,
    after: { invitationExpiresAt: expiresAt.toISOString() },
    at: now,
  });
  return { expiresAt, replacedExpiresAt, person: { name: person.name, email: person.email }, link };
}

/** Whether the person has a password credential (set by Add user, sign-up, an invitation or a reset). */
export async function hasPassword(tx: Database | Transaction, userId: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`select 1 as found from accounts where user_id = ${userId} and provider_id = 'credential' and password is not null limit 1`,
  );
  return rows.length > 0;
}

/**
 * Revokes the person's unused, unrevoked invitations (expired ones too: their link is dead either
 * way, and revoking records when the admin acted). Returns them, newest first. The caller holds the
 * person's row lock, so no other act issues or accepts one of theirs meanwhile.
 */
export async function revokeOpenInvitations(tx: Transaction, userId: string, now: Date) {
  const revoked = await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id, expiresAt: invitations.expiresAt });
  return revoked.toSorted((one, two) => two.expiresAt.getTime() - one.expiresAt.getTime());
}

