import { eq } from 'drizzle-orm';
import { AppError, can, type SavingsRequestDecided } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { savingsRequests } from '../../../db/schema.ts';
import type { SavingsDeps } from '../../ledger/savings-accounts.ts';
import { assertPending, lockRequest } from './lock-request.ts';
import { auditRequest } from './request-audit.ts';
import { readRequestView } from './request-views.ts';

/**
 * Its maker withdraws a pending request (issue 15): the admin who made a two-person request, or
 * the member who made their own. Nothing is posted and its hold is released. A member is told
 * there is no such request when it is not theirs (as an unknown id is); another admin is refused
 * (they decline instead).
 */
export async function cancelRequest(deps: SavingsDeps, actor: Actor, id: string, reason: string | null): Promise<SavingsRequestDecided> {
  await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (request.makerId !== actor.id) {
      if (!can(actor.role, 'manage_staff_savings')) throw new AppError('SAVINGS_REQUEST_NOT_FOUND');
      throw new AppError('NOT_REQUEST_MAKER');
    }
    assertPending(request);
    const at = deps.now();
    await tx
      .update(savingsRequests)
      .set({ status: 'cancelled', decidedById: actor.id, decidedByName: actor.name, decidedByEmail: actor.email, decidedAt: at, reason })
      .where(eq(savingsRequests.id, id));
    await auditRequest(tx, { kind: 'savings_request.cancelled', actor, request, before: { status: 'pending' }, after: { status: 'cancelled', reason }, at });
  });
  const request = await readRequestView(deps.db, id);
  if (!request) throw new AppError('SAVINGS_REQUEST_NOT_FOUND');
  return { request };
}
