import { eq } from 'drizzle-orm';
import type { YearEndSurplus } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { yearEndCloses } from '../../db/schema.ts';
import type { BookDeps } from '../books/book-views.ts';
import { readIncomeStatement } from '../books/read-income-statement.ts';
import { readYearEndSettings, yearOf } from './year-end-settings.ts';

/**
 * The year's surplus from the scheme book's income and expenditure (issue 31, "The run" 1). A
 * closed year's accounts net to ₦0 over it (the closing entry), so it answers what was stored when
 * it was closed.
 */
export async function readSurplus(deps: BookDeps, year: number, db: Database | Transaction = deps.db): Promise<YearEndSurplus> {
  const [closed] = await db.select({ statement: yearEndCloses.statement }).from(yearEndCloses).where(eq(yearEndCloses.year, year));
  if (closed) return closed.statement as YearEndSurplus;
  const { firstMonth } = await readYearEndSettings(db);
  const { from, to } = yearOf(year, firstMonth);
  const statement = await readIncomeStatement({ ...deps, db: db as Database }, { book: 'scheme', from, to });
  const accounts = (rows: typeof statement.income) => rows.map((row) => ({ accountId: row.accountId, code: row.code, name: row.name, amountKobo: row.balanceKobo as number }));
  return {
    year,
    from,
    to,
    income: accounts(statement.income),
    expenditure: accounts(statement.expenses),
    incomeKobo: statement.totalIncomeKobo,
    expenditureKobo: statement.totalExpensesKobo,
    surplusKobo: statement.surplusKobo,
  };
}
