import { sql } from 'drizzle-orm';
import { calendarDate, ORDINARY_SAVINGS_PRODUCT_ID, type YearEndRunInput } from '@kobo/core';
import { queryRows } from '../db/client.ts';
import type { BookDeps } from '../modules/books/book-views.ts';
import { readBalanceSheet } from '../modules/books/read-balance-sheet.ts';
import { readYearEndSettings, yearOf } from '../modules/year-end/year-end-settings.ts';
import { readSurplus } from '../modules/year-end/read-surplus.ts';
import { readMemberYears } from '../modules/year-end/read-member-years.ts';
import { readRunMembers, workOutRun } from '../modules/year-end/work-out-run.ts';
import { readPackAppropriation } from '../modules/year-end-pack/read-pack-appropriation.ts';
import { readOfficerLoans, readPackLoans } from '../modules/year-end-pack/read-pack-loans.ts';
import { readPackProductTotals } from '../modules/year-end-pack/read-pack-savings.ts';

/** Each read on its own, one after another, in seconds. */
async function timed(parts: [string, () => Promise<unknown>][]): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {};
  for (const [name, read] of parts) {
    const started = performance.now();
    await read();
    seconds[name] = Math.round(performance.now() - started) / 1000;
  }
  return seconds;
}

/**
 * The preview's work in process (no HTTP, no JSON): the one statement reading every member's year,
 * the members' names and accounts, and the whole working out (those two, the surplus and the
 * arithmetic and sorting of 20,000 lines). HTTP's time less workOutRun is the answer's serialising.
 */
export async function timePreviewParts(deps: BookDeps, input: YearEndRunInput): Promise<Record<string, number>> {
  const year = yearOf(input.year, (await readYearEndSettings(deps.db)).firstMonth);
  const shares = (await queryRows<{ id: string }>(deps.db, sql`select id::text from savings_products where kind = 'shares'`)).map((row) => row.id);
  return timed([
    ['memberYearsQuery', () => readMemberYears(deps.db, year, { isDividend: true, interestProductIds: input.interest.map((item) => item.productId) })],
    ['runMembers', () => readRunMembers(deps.db, [ORDINARY_SAVINGS_PRODUCT_ID, ...shares])],
    ['workOutRun', () => workOutRun(deps, input)],
  ]);
}

/** Each of the AGM pack's reads on its own, one after another, in seconds: what bench:yearend reports as dominating the pack. */
export async function timePackParts(deps: BookDeps, year: number): Promise<Record<string, number>> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const { to } = yearOf(year, (await readYearEndSettings(deps.db)).firstMonth);
  return timed([
    ['surplusBothYears', () => Promise.all([readSurplus(deps, year), readSurplus(deps, year - 1)])],
    ['balanceSheet', () => readBalanceSheet(deps, { book: 'scheme', asOf: to })],
    ['appropriationAndLines', () => readPackAppropriation(deps.db, year)],
    ['officersLoans', () => readOfficerLoans(deps.db, today)],
    ['productTotals', () => readPackProductTotals(deps.db, to)],
    ['loansByStatus', () => readPackLoans(deps.db, today)],
  ]);
}
