import { eq } from 'drizzle-orm';
import { AppError, MESSAGES, type Kobo, type SavingsRequestDecided } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import type { Transaction } from '../../../db/client.ts';
import { savingsRequests, users } from '../../../db/schema.ts';
import { enqueueMail } from '../../../mail/outbox.ts';
import { requestDeclinedMail } from '../../../mail/request-decision-mail.ts';
import { assertPending, lockRequest, type LockedRequest } from './lock-request.ts';
import { auditRequest } from './request-audit.ts';
import type { RequestDeps } from './request-deps.ts';
import { readRequestView } from './request-views.ts';

/**
 * An admin declines a pending request with a reason (issue 15): nothing is posted and its hold is
 * released. The admin who made a two-person request cancels it instead: declining is the second
 * officer's answer. The member whose own request it was is told by mail, queued in this
 * transaction so it exists exactly when the decline does.
 */
export async function declineRequest(deps: RequestDeps, actor: Actor, id: string, reason: string): Promise<SavingsRequestDecided> {
  const mailed = await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    assertPending(request);
    if (request.origin === 'two_person' && request.makerId === actor.id) {
      throw new AppError('OWN_SAVINGS_REQUEST', { message: MESSAGES.cannotDeclineOwnRequest });
    }
    const at = deps.now();
    await tx
      .update(savingsRequests)
      .set({ status: 'declined', decidedById: actor.id, decidedByName: actor.name, decidedByEmail: actor.email, decidedAt: at, reason })
      .where(eq(savingsRequests.id, id));
    await auditRequest(tx, { kind: 'savings_request.declined', actor, request, before: { status: 'pending' }, after: { status: 'declined', reason }, at });
    return request.origin === 'member' ? mailMember(tx, deps, actor, request, reason) : false;
  });
  if (mailed) deps.outbox.nudge();
  const request = await readRequestView(deps.db, id);
  if (!request) throw new AppError('SAVINGS_REQUEST_NOT_FOUND');
  return { request };
}

async function mailMember(tx: Transaction, deps: RequestDeps, actor: Actor, request: LockedRequest, reason: string): Promise<boolean> {
  if (!request.userId) return false;
  const [member] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, request.userId));
  if (!member) return false;
  // Only regular users make their own requests, and they see their savings at /savings (SPEC 2).
  await enqueueMail(
    tx,
    'savings.request_declined',
    requestDeclinedMail({
      member,
      type: request.type,
      amountKobo: request.amountKobo as Kobo,
      createdAt: request.createdAt,
      declinedBy: actor.name,
      reason,
      link: `${deps.appUrl}/savings`,
    }),
  );
  return true;
}
