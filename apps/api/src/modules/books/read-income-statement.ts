import { sql } from 'drizzle-orm';
import { asKobo, type BookPeriodQuery, type IncomeStatementView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { accountBalancesSql, resolvePeriod, sumOf, toReportRow, type BalanceRow, type BookDeps } from './book-views.ts';

/**
 * Income and expenditure for a period (default 1 January of this year to today): each income and
 * expense account's movement over the period's days, and the surplus (income less expenses;
 * negative is a deficit). One statement over the day balances.
 */
export async function readIncomeStatement(deps: BookDeps, query: BookPeriodQuery): Promise<IncomeStatementView> {
  const { from, to } = resolvePeriod(deps, query);
  const balances = await queryRows<BalanceRow>(deps.db, accountBalancesSql(query.book, sql`d.day >= ${from} and d.day <= ${to}`, ['income', 'expense']));
  const rows = balances.map(toReportRow);
  const income = rows.filter((row) => row.kind === 'income');
  const expenses = rows.filter((row) => row.kind === 'expense');
  const totalIncomeKobo = sumOf(income);
  const totalExpensesKobo = sumOf(expenses);
  return {
    book: query.book,
    from,
    to,
    income,
    expenses,
    totalIncomeKobo: asKobo(totalIncomeKobo),
    totalExpensesKobo: asKobo(totalExpensesKobo),
    surplusKobo: totalIncomeKobo - totalExpensesKobo,
  };
}
