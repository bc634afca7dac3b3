import { and, eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, type YearEndYear } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { ledgerPeriodLocks, yearEndCloses, yearEndRuns } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readSurplus } from './read-surplus.ts';
import { readYear } from './read-years.ts';
import { isYearPosted } from './run-store.ts';

/** One close of a year at a time. */
const CLOSE_LOCK = 0x6b6f7963; // 'koyc'

/**
 * Closes a financial year after its last day (issue 31, "The run" 6): ONE entry (source
 * 'year_close', valued the year's last day) moves every scheme income and expense account's
 * movement over the year to Surplus, and each of the year's months is locked in the scheme book, so
 * the next year opens with the balance sheet carried forward. Refused when closed already, or while
 * a run of the year is approved but not posted.
 */
export async function closeYear(deps: SavingsDeps, actor: Actor, year: number): Promise<YearEndYear> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLOSE_LOCK}, ${year})`);
    const [closed] = await tx.select({ year: yearEndCloses.year }).from(yearEndCloses).where(eq(yearEndCloses.year, year));
    if (closed) throw new AppError('YEAR_END_YEAR_CLOSED');
    const statement = await readSurplus(deps, year, tx);
    if (calendarDate(deps.now(), deps.timeZone) <= statement.to) throw new AppError('YEAR_END_YEAR_NOT_OVER');
    // An approved run waits to be posted, unless the year's distribution is posted already (it never can be then).
    const [waiting] = await tx.select({ id: yearEndRuns.id }).from(yearEndRuns).where(and(eq(yearEndRuns.year, year), eq(yearEndRuns.status, 'approved')));
    if (waiting && !(await isYearPosted(tx, year))) throw new AppError('YEAR_END_RUN_AWAITING_POST');

    // An income account's movement is a credit: a debit of it closes it; an expense's, the reverse.
    const lines = [
      ...statement.income.map((account) => ({ accountId: account.accountId, amountKobo: account.amountKobo })),
      ...statement.expenditure.map((account) => ({ accountId: account.accountId, amountKobo: -account.amountKobo })),
      { accountId: (await mappedAccounts(tx, ['yearend.appropriation'])).get('yearend.appropriation') as string, amountKobo: -statement.surplusKobo },
    ].filter((line) => line.amountKobo !== 0);
    // A treasurer who locks each month as it ends has locked the year's last one: the closing entry
    // is valued in it, so its lock is lifted for this entry alone and laid again below, in this transaction.
    const lastMonth = statement.to.slice(0, 7);
    await tx.delete(ledgerPeriodLocks).where(and(eq(ledgerPeriodLocks.book, 'scheme'), eq(ledgerPeriodLocks.month, lastMonth)));
    const entryId =
      lines.length === 0
        ? null
        : await insertEntry(tx, { book: 'scheme', valueDate: statement.to, sourceType: 'year_close', narration: `Year ${year} closed · income and expenditure to surplus`, createdById: actor.id, lines });
    const months = Array.from({ length: 12 }, (_, index) => {
      const start = new Date(`${statement.from}T00:00:00Z`);
      start.setUTCMonth(start.getUTCMonth() + index);
      return start.toISOString().slice(0, 7);
    });
    const at = deps.now();
    await tx.insert(ledgerPeriodLocks).values(months.map((month) => ({ book: 'scheme' as const, month, lockedById: actor.id, lockedAt: at }))).onConflictDoNothing();
    await tx.insert(yearEndCloses).values({ year, fromDate: statement.from, toDate: statement.to, entryId, statement, surplusKobo: statement.surplusKobo, closedById: actor.id, closedByName: actor.name, closedAt: at });
    await recordAudit(tx, {
      kind: 'yearend.year_closed',
      actor,
      target: { type: 'financial_year', id: String(year), label: `Financial year ${year}` },
      after: { from: statement.from, to: statement.to, surplusKobo: statement.surplusKobo, entryId, monthsLocked: months },
      at,
    });
  });
  return readYear(deps.db, year);
}
