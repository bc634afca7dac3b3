import { and, eq } from 'drizzle-orm';
import { BOOK_LABELS, monthLabel, type Book } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { ledgerPeriodLocks } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';

/**
 * Unlocks one month of one book: the lock's row goes, and the audit log keeps who locked it and
 * when, who unlocked it and when. A month that was not locked changes nothing.
 */
export async function unlockMonth(deps: SavingsDeps, actor: Actor, input: { book: Book; month: string }): Promise<{ wasLocked: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(ledgerPeriodLocks)
      .where(and(eq(ledgerPeriodLocks.book, input.book), eq(ledgerPeriodLocks.month, input.month)))
      .returning();
    if (!removed) return { wasLocked: false };
    await recordAudit(tx, {
      kind: 'books.month_unlocked',
      actor,
      target: { type: 'books_month', id: null, label: `${BOOK_LABELS[input.book]}: ${monthLabel(input.month)}` },
      before: { book: removed.book, month: removed.month, lockedById: removed.lockedById, lockedAt: removed.lockedAt.toISOString() },
      after: null,
      at: deps.now(),
    });
    return { wasLocked: true };
  });
}
