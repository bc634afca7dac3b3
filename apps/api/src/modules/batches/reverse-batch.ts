import { sql, eq } from 'drizzle-orm';
import { AppError, calendarDate, isUuid, type BatchView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { savingsBatches } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { reversePostings } from '../savings/reverse-postings.ts';
import { toBatchView } from './batch-views.ts';
import { reverseLoanRepayments } from '../loans/reverse-loan-repayments.ts';
import { openDay } from '../ledger/open-day.ts';

/**
 * Reverses a whole batch, all or nothing (issue 11), with the single reversal's rules: every
 * posting of the batch not already reversed on its own gets its opposite row, valued today; if
 * any balance would go below zero nothing moves. Its loan repayments are undone too (issue 12);
 * a later repayment on one of those loans refuses the whole reversal. The batch is marked
 * reversed once.
 */
export async function reverseBatch(
  deps: SavingsDeps,
  actor: Actor,
  batchId: string,
  reason: string,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<{ batch: BatchView }>> {
  if (!isUuid(batchId)) throw new AppError('BATCH_NOT_FOUND');
  return postIdempotently(deps.db, key, async (tx) => {
    const [batch] = await tx.select().from(savingsBatches).where(eq(savingsBatches.id, batchId)).for('update');
    if (!batch) throw new AppError('BATCH_NOT_FOUND');
    if (batch.reversedAt) throw new AppError('BATCH_ALREADY_REVERSED');
    const open = await queryRows<{ id: string }>(
      tx,
      sql`select t.id from savings_transactions t
          where t.batch_id = ${batchId}
            and not exists (select 1 from savings_transactions r where r.reverses_id = t.id)
          order by t.seq`,
    );
    const at = deps.now();
    // Today, or the first open day after it when today's month is locked (issue 27).
    const valueDate = await openDay(tx, 'scheme', calendarDate(at, deps.timeZone));
    if (open.length > 0) await reversePostings(tx, { actor, originalIds: open.map((row) => row.id), reason, valueDate, at });
    // Issue 12: the run's loan repayments are undone with it, under the loan reversal's rules.
    const repayments = await queryRows<{ id: string }>(
      tx,
      sql`select t.id from loan_transactions t
          where t.batch_id = ${batchId} and t.type = 'repayment' and t.reverses_id is null
            and not exists (select 1 from loan_transactions r where r.reverses_id = t.id)
          order by t.seq`,
    );
    await reverseLoanRepayments(tx, { actor, originalIds: repayments.map((row) => row.id), reason, valueDate, at });
    const [updated] = await tx
      .update(savingsBatches)
      .set({ reversedAt: at, reversedByName: actor.name, reversedByEmail: actor.email, reversalReason: reason })
      .where(eq(savingsBatches.id, batchId))
      .returning();
    if (!updated) throw new AppError('BATCH_NOT_FOUND');
    const view = toBatchView(updated);
    await recordAudit(tx, {
      kind: 'savings.batch_reversed',
      actor,
      target: { type: 'savings_batch', id: batchId, label: `Batch ${updated.seq}: ${updated.description}` },
      before: { status: 'posted', rowCount: updated.rowCount },
      after: { status: 'reversed', reason, postingsReversed: open.length, repaymentsReversed: repayments.length, valueDate },
      at,
    });
    return { batch: view };
  });
}
