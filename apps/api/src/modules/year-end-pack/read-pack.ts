import { eq } from 'drizzle-orm';
import { calendarDate, type PackComparedAccount, type PackIncomeAndExpenditure, type YearEndPack, type YearEndSurplus } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { yearEndCloses } from '../../db/schema.ts';
import type { BookDeps } from '../books/book-views.ts';
import { readBalanceSheet } from '../books/read-balance-sheet.ts';
import { readSurplus } from '../year-end/read-surplus.ts';
import { readPackAppropriation } from './read-pack-appropriation.ts';
import { readOfficerLoans, readPackLoans } from './read-pack-loans.ts';
import { readPackProductTotals } from './read-pack-savings.ts';

/**
 * The AGM pack for a year (issue 31, "The AGM pack"): every part read from what already answers it
 * (the year end's surplus, which reads the books' income statement and a closed year's stored one;
 * the books' balance sheet; the run's frozen lines) plus the parts only the pack needs. The reads
 * are independent, so they run side by side.
 */
export async function readYearEndPack(deps: BookDeps, year: number): Promise<YearEndPack> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const [thisYear, lastYear, closed] = await Promise.all([readSurplus(deps, year), readSurplus(deps, year - 1), isClosed(deps.db, year)]);
  const [balanceSheet, run, officers, productTotals, loans] = await Promise.all([
    readBalanceSheet(deps, { book: 'scheme', asOf: thisYear.to }),
    readPackAppropriation(deps.db, year),
    readOfficerLoans(deps.db, today),
    readPackProductTotals(deps.db, thisYear.to),
    readPackLoans(deps.db, today),
  ]);
  return {
    year,
    from: thisYear.from,
    to: thisYear.to,
    state: closed ? 'closed' : 'open',
    readAt: deps.now().toISOString(),
    incomeAndExpenditure: compare(thisYear, lastYear),
    balanceSheet,
    ...run,
    officers,
    productTotals,
    loans,
  };
}

async function isClosed(db: Database, year: number): Promise<boolean> {
  const rows = await db.select({ year: yearEndCloses.year }).from(yearEndCloses).where(eq(yearEndCloses.year, year));
  return rows.length > 0;
}

/** Each account of either year once, in code order, this year's figure beside last year's (₦0 where it had none). */
function beside(thisYear: YearEndSurplus['income'], lastYear: YearEndSurplus['income']): PackComparedAccount[] {
  const accounts = new Map<string, PackComparedAccount>();
  for (const row of thisYear) accounts.set(row.accountId, { accountId: row.accountId, code: row.code, name: row.name, thisYearKobo: row.amountKobo, lastYearKobo: 0 });
  for (const row of lastYear) {
    const known = accounts.get(row.accountId);
    if (known) known.lastYearKobo = row.amountKobo;
    else accounts.set(row.accountId, { accountId: row.accountId, code: row.code, name: row.name, thisYearKobo: 0, lastYearKobo: row.amountKobo });
  }
  return [...accounts.values()].toSorted((a, b) => a.code.localeCompare(b.code));
}

function compare(thisYear: YearEndSurplus, lastYear: YearEndSurplus): PackIncomeAndExpenditure {
  return {
    lastYear: { year: lastYear.year, from: lastYear.from, to: lastYear.to },
    income: beside(thisYear.income, lastYear.income),
    expenditure: beside(thisYear.expenditure, lastYear.expenditure),
    incomeKobo: { thisYearKobo: thisYear.incomeKobo, lastYearKobo: lastYear.incomeKobo },
    expenditureKobo: { thisYearKobo: thisYear.expenditureKobo, lastYearKobo: lastYear.expenditureKobo },
    surplusKobo: { thisYearKobo: thisYear.surplusKobo, lastYearKobo: lastYear.surplusKobo },
  };
}
