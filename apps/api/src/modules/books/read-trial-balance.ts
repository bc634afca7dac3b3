import { sql } from 'drizzle-orm';
import { asKobo, type BookAsOfQuery, type TrialBalanceView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { accountBalancesSql, debitCredit, signedOf, todayIn, type BalanceRow, type BookDeps } from './book-views.ts';

/**
 * The trial balance as at the end of `asOf` (default today): every account of the book with a
 * balance, in the debit column when its signed sum is positive, else in the credit column. One
 * statement over the day balances, so the two totals are equal whenever the books are.
 */
export async function readTrialBalance(deps: BookDeps, query: BookAsOfQuery): Promise<TrialBalanceView> {
  const asOf = query.asOf ?? todayIn(deps);
  const balances = await queryRows<BalanceRow>(deps.db, accountBalancesSql(query.book, sql`d.day <= ${asOf}`));
  const rows = balances.map((row) => ({ accountId: row.id, code: row.code, name: row.name, kind: row.kind, ...debitCredit(signedOf(row)) }));
  return {
    book: query.book,
    asOf,
    rows,
    totalDebitKobo: asKobo(rows.reduce((total, row) => total + row.debitKobo, 0)),
    totalCreditKobo: asKobo(rows.reduce((total, row) => total + row.creditKobo, 0)),
  };
}
