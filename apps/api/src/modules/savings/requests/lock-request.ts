import { eq } from 'drizzle-orm';
import { AppError } from '@kobo/core';
import type { Transaction } from '../../../db/client.ts';
import { savingsRequests } from '../../../db/schema.ts';

export type LockedRequest = typeof savingsRequests.$inferSelect;

/**
 * Locks one request's row (FOR UPDATE) for a decision. Of two decisions at once the second waits,
 * then reads the row as the first left it: an approval racing an approval, a decline or a cancel
 * finds it decided and is refused, so a request is decided, and posted, once.
 */
export async function lockRequest(tx: Transaction, id: string): Promise<LockedRequest> {
  const [request] = await tx.select().from(savingsRequests).where(eq(savingsRequests.id, id)).for('update');
  if (!request) throw new AppError('SAVINGS_REQUEST_NOT_FOUND');
  return request;
}

export function assertPending(request: LockedRequest): void {
  if (request.status !== 'pending') throw new AppError('SAVINGS_REQUEST_DECIDED');
}
