import { and, eq, inArray, or } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import type { Transaction } from '../../../db/client.ts';
import { savingsRequests } from '../../../db/schema.ts';
import { auditRequest } from './request-audit.ts';

/**
 * Locks the leavers' pending requests (theirs, and transfers to them) before an exit's settlement
 * locks their accounts: the same order as an approval (the request, then the accounts), so the two
 * queue instead of deadlocking. Answers their ids.
 */
export async function lockLeaversRequests(tx: Transaction, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: savingsRequests.id })
    .from(savingsRequests)
    .where(and(eq(savingsRequests.status, 'pending'), or(inArray(savingsRequests.userId, [...userIds]), inArray(savingsRequests.toUserId, [...userIds]))))
    .orderBy(savingsRequests.id)
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * An exit's settlement pays the leaver's whole balance out, what a pending withdrawal held included,
 * and closes their accounts (decision 051): a request still pending on them could only be refused
 * from then on, and would sit in the checkers' queue on a ₦0 account. The settlement cancels them in
 * its own transaction, each audited with the reason (the simulator found them left behind,
 * decision 065's addendum).
 */
export async function cancelLeaversRequests(tx: Transaction, actor: Actor, requestIds: readonly string[], at: Date): Promise<void> {
  if (requestIds.length === 0) return;
  const reason = MESSAGES.requestCancelledOnExit;
  const cancelled = await tx
    .update(savingsRequests)
    .set({ status: 'cancelled', decidedById: actor.id, decidedByName: actor.name, decidedByEmail: actor.email, decidedAt: at, reason })
    .where(and(inArray(savingsRequests.id, [...requestIds]), eq(savingsRequests.status, 'pending')))
    .returning();
  for (const request of cancelled) {
    await auditRequest(tx, { kind: 'savings_request.cancelled', actor, request, before: { status: 'pending' }, after: { status: 'cancelled', reason }, at });
  }
}
