import { eq } from 'drizzle-orm';
import { AppError, type SavingsRequestApproved, type SavingsTransactionView } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { savingsRequests } from '../../../db/schema.ts';
import { postApprovedTransaction } from '../post-transaction.ts';
import { postApprovedTransfer } from '../post-transfer.ts';
import { approvedProductPosting } from '../product-requests.ts';
import type { SavingsDeps } from '../../ledger/savings-accounts.ts';
import { assertPending, lockRequest, type LockedRequest } from './lock-request.ts';
import { auditRequest } from './request-audit.ts';
import { readRequestView } from './request-views.ts';
import type { Transaction } from '../../../db/client.ts';

/**
 * An admin approves a pending request (issue 15) and its money moves, in one transaction: the
 * request's row is locked (so of ten approvals at once one posts), it must still be pending, and
 * the admin who made a two-person request cannot approve it. It is marked approved before the
 * posting runs, so its own hold no longer counts against it; the posting is the ordinary one
 * (balance, loans' and other requests' holds, the holder still a holder, its audit entry), and a
 * refusal there rolls the approval back: the request stays pending.
 */
export async function approveRequest(deps: SavingsDeps, actor: Actor, id: string): Promise<SavingsRequestApproved> {
  const transaction = await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    assertPending(request);
    // A two-person request, and shares to another member (issue 29), need an officer other than the maker.
    if ((request.origin === 'two_person' || request.origin === 'shares') && request.makerId === actor.id) throw new AppError('OWN_SAVINGS_REQUEST');
    const at = deps.now();
    await tx
      .update(savingsRequests)
      .set({ status: 'approved', decidedById: actor.id, decidedByName: actor.name, decidedByEmail: actor.email, decidedAt: at })
      .where(eq(savingsRequests.id, id));
    const posted = await postRequest(tx, deps, actor, request);
    await tx.update(savingsRequests).set({ transactionId: posted.id }).where(eq(savingsRequests.id, id));
    await auditRequest(tx, {
      kind: 'savings_request.approved',
      actor,
      request,
      before: { status: 'pending' },
      after: { status: 'approved', transactionId: posted.id, makerId: request.makerId },
      at,
    });
    return posted;
  });
  const request = await readRequestView(deps.db, id);
  if (!request) throw new AppError('SAVINGS_REQUEST_NOT_FOUND');
  return { request, transaction };
}

/** The posting the request asked for, by the approver, recorded as asked for by its maker. */
async function postRequest(tx: Transaction, deps: SavingsDeps, approver: Actor, request: LockedRequest): Promise<SavingsTransactionView> {
  // The holder's user record was deleted meanwhile: there is no one to post for.
  if (!request.userId) throw new AppError('NO_SAVINGS_ACCOUNT');
  // Issue 29: a request on a product other than ordinary savings posts to that product.
  const onProduct = await approvedProductPosting(tx, deps, approver, request);
  if (onProduct) return onProduct;
  const maker = { id: request.makerId, email: request.makerEmail };
  const common = { amountKobo: request.amountKobo, description: request.description, valueDate: request.valueDate };
  if (request.type === 'transfer') {
    if (!request.toUserId) throw new AppError('INVALID_TRANSFER', { field: 'toUserId' });
    const input = { ...common, fromUserId: request.userId, toUserId: request.toUserId };
    return (await postApprovedTransfer(tx, deps, approver, { input, maker, valueDate: request.valueDate })).out;
  }
  const input = { ...common, userId: request.userId, type: request.type };
  return (await postApprovedTransaction(tx, deps, approver, { userId: request.userId, maker, input, valueDate: request.valueDate })).transaction;
}
