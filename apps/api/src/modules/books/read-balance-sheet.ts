import { sql } from 'drizzle-orm';
import type { BalanceSheetView, BookAsOfQuery } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { accountBalancesSql, sumOf, toReportRow, todayIn, type BalanceRow, type BookDeps } from './book-views.ts';

/**
 * The balance sheet as at the end of `asOf` (default today): assets against liabilities and
 * equity. Income and expenses not yet closed to equity stand in equity as one figure, the surplus
 * to date (income less expenses for every day up to asOf), so the two sides are equal whenever the
 * trial balance is. One statement over the day balances: every figure is of the same moment.
 */
export async function readBalanceSheet(deps: BookDeps, query: BookAsOfQuery): Promise<BalanceSheetView> {
  const asOf = query.asOf ?? todayIn(deps);
  const rows = (await queryRows<BalanceRow>(deps.db, accountBalancesSql(query.book, sql`d.day <= ${asOf}`))).map(toReportRow);
  const ofKind = (kind: string) => rows.filter((row) => row.kind === kind);
  const assets = ofKind('asset');
  const liabilities = ofKind('liability');
  const equity = ofKind('equity');
  const surplusToDateKobo = sumOf(ofKind('income')) - sumOf(ofKind('expense'));
  return {
    book: query.book,
    asOf,
    assets,
    liabilities,
    equity,
    surplusToDateKobo,
    totalAssetsKobo: sumOf(assets),
    totalLiabilitiesKobo: sumOf(liabilities),
    totalEquityKobo: sumOf(equity) + surplusToDateKobo,
  };
}
