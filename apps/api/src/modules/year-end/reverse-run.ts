import { eq, sql } from 'drizzle-orm';
import { AppError, isUuid, type YearEndRun } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { savingsBatches, yearEndRuns } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry } from '../ledger/journal-writes.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { openDay } from '../ledger/open-day.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { reversePostings } from '../savings/reverse-postings.ts';
import { assertYearOpen, readRunRow, toRunView } from './run-store.ts';

/**
 * Reverses a posted run as a whole while its year is open (issue 31, "The run" 5): every member's
 * row under the single reversal's rules (refused whole if a member has since spent it), the batch
 * marked reversed, and the appropriation entry undone by its opposite, all valued on the year's
 * last day as the posting was (or the first open day after it, when the treasurer locked that
 * month), so the year's books carry neither. A new run of the year may then be approved and posted.
 */
export async function reverseRun(deps: SavingsDeps, actor: Actor, id: string, reason: string, key: IdempotencyKey | null): Promise<IdempotentResult<YearEndRun>> {
  if (!isUuid(id)) throw new AppError('YEAR_END_RUN_NOT_FOUND');
  return postIdempotently(deps.db, key, async (tx) => {
    const row = await readRunRow(tx, id, true);
    if (row.status !== 'posted') throw new AppError('YEAR_END_RUN_NOT_POSTED');
    await assertYearOpen(tx, row.year);
    const at = deps.now();
    // Undone where it was done: the year's balance sheet must not count a reversed run.
    const valueDate = await openDay(tx, 'scheme', row.toDate);
    if (row.batchId) {
      const open = await queryRows<{ id: string }>(
        tx,
        sql`select t.id from savings_transactions t
            where t.batch_id = ${row.batchId} and not exists (select 1 from savings_transactions r where r.reverses_id = t.id)
            order by t.seq`,
      );
      // The reversal's rows go back to Surplus, not interest expense: the posting rule sees their
      // originals are a year end's (migration 0035), as it does for one row reversed on its own.
      if (open.length > 0) await reversePostings(tx, { actor, originalIds: open.map((posting) => posting.id), reason, valueDate, at });
      await tx.update(savingsBatches).set({ reversedAt: at, reversedByName: actor.name, reversedByEmail: actor.email, reversalReason: reason }).where(eq(savingsBatches.id, row.batchId));
    }
    if (row.entryId) await reverseEntry(tx, actor, { entryId: row.entryId, runId: row.id, year: row.year }, reason, valueDate);
    const [reversed] = await tx
      .update(yearEndRuns)
      .set({ status: 'reversed', reversedByName: actor.name, reversedAt: at, reversalReason: reason, updatedAt: at })
      .where(eq(yearEndRuns.id, id))
      .returning();
    if (!reversed) throw new AppError('YEAR_END_RUN_NOT_FOUND');
    await recordAudit(tx, {
      kind: 'yearend.run_reversed',
      actor,
      target: { type: 'year_end_run', id, label: `Year end ${row.year}` },
      before: { status: 'posted' },
      after: { status: 'reversed', reason, valueDate },
      at,
    });
    return toRunView(reversed);
  });
}

async function reverseEntry(tx: Transaction, actor: Actor, { entryId, runId, year }: { entryId: string; runId: string; year: number }, reason: string, valueDate: string): Promise<void> {
  const lines = await queryRows<{ account_id: string; amount_kobo: string | number }>(tx, sql`select account_id, amount_kobo from journal_lines where entry_id = ${entryId} order by line_no`);
  await insertEntry(tx, {
    book: 'scheme',
    valueDate,
    sourceType: 'year_end',
    sourceId: runId,
    reversesEntryId: entryId,
    narration: `Reversal · Year end ${year} · appropriation · ${reason}`,
    createdById: actor.id,
    lines: lines.map((line) => ({ accountId: line.account_id, amountKobo: -Number(line.amount_kobo) })),
  });
}
