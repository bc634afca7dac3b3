import { AppError, calendarDate, monthLabel, BOOK_LABELS, type Book, type PeriodLockView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { ledgerPeriodLocks } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readLock } from './list-locks.ts';

/**
 * Locks one month of one book (issue 27): any past or the current month, never one that has not
 * started. Locking a locked month changes nothing and records nothing. From then on the journal
 * refuses every entry valued in it, whichever path posts it (migration 0015's trigger).
 */
export async function lockMonth(deps: SavingsDeps, actor: Actor, input: { book: Book; month: string }): Promise<PeriodLockView> {
  const thisMonth = calendarDate(deps.now(), deps.timeZone).slice(0, 7);
  if (input.month > thisMonth) throw new AppError('MONTH_IN_FUTURE', { field: 'month' });
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .insert(ledgerPeriodLocks)
      .values({ book: input.book, month: input.month, lockedById: actor.id, lockedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ month: ledgerPeriodLocks.month });
    if (locked) {
      await recordAudit(tx, {
        kind: 'books.month_locked',
        actor,
        target: { type: 'books_month', id: null, label: `${BOOK_LABELS[input.book]}: ${monthLabel(input.month)}` },
        after: { book: input.book, month: input.month },
        at: deps.now(),
      });
    }
    const lock = await readLock(tx, input.book, input.month);
    if (!lock) throw new Error('lock not found after locking');
    return lock;
  });
}

