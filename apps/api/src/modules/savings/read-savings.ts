import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { koboFromDb } from '../../db/kobo.ts';
import { asKobo, calendarDate, ORDINARY_SAVINGS_PRODUCT_ID, savingsRange, type MySavings, type SavingsAccountDetail, type SavingsPeriod } from '@kobo/core';
import { savingsTransactions } from '../../db/schema.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { findAccountView, findHolder, listTransactions, unopenedAccountView, type Holder, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { findProduct, findProductAccount } from './product-catalog.ts';
import { isInflowSql } from '../ledger/ledger-sql.ts';

/**
 * Issue 29: the holder's account in `product` (null or ordinary savings: the account every screen
 * before products read). Null when never opened; an unknown product is refused.
 */
async function accountIn(tx: Transaction, holder: Holder, product: string | null | undefined): Promise<string | null> {
  if (!product || product === ORDINARY_SAVINGS_PRODUCT_ID) return holder.accountId;
  const { id } = await findProduct(tx, product);
  return (await findProductAccount(tx, holder.userId, id))?.id ?? null;
}

/**
 * My Savings (/savings for a regular user) and My Savings Account (/staff-savings). The gate
 * admitted the caller on view_own_savings: the account read is always their own. The balance and
 * the list come from one snapshot (read-snapshot.ts), so they agree. `product` reads another of
 * their products (issue 29).
 */
export async function getMySavings(deps: SavingsDeps, actor: Actor, options: { limit?: number; product?: string | null }): Promise<MySavings> {
  return readSnapshot(deps.db, async (tx) => {
    const found = await findHolder(tx, { userId: actor.id });
    const holder = { ...found, accountId: await accountIn(tx, found, options.product) };
    // A holder who never saved sees a zero balance; reading opens no account (issue 10).
    if (!holder.accountId) return { account: unopenedAccountView(holder), transactions: [] };
    const account = await findAccountView(tx, holder.accountId);
    const transactions = await listTransactions(tx, holder.accountId, { limit: options.limit });
    return { account, transactions };
  });
}

/**
 * Staff Savings Detail (admin): the balance now, and inflow, outflow, net and history for the
 * period (DECISIONS 12: the week from Monday 00:00, month and year as calendar periods, in
 * APP_TIMEZONE). `ref` is a staff ID (STF001) or a user id. The balance, the period's totals and
 * its list come from one snapshot (read-snapshot.ts), so they add up. `product` reads another of
 * the holder's products (issue 29).
 */
export async function getAccountDetail(deps: SavingsDeps, ref: string, period: SavingsPeriod, product: string | null = null): Promise<SavingsAccountDetail> {
  return readSnapshot(deps.db, (tx) => accountDetailIn(tx, deps, ref, period, product));
}

async function accountDetailIn(tx: Transaction, deps: SavingsDeps, ref: string, period: SavingsPeriod, product: string | null): Promise<SavingsAccountDetail> {
  const found = await findHolder(tx, { ref });
  const holder = { ...found, accountId: await accountIn(tx, found, product) };
  const range = savingsRange(period, deps.now(), deps.timeZone);
  const periodView = { name: period, start: range.start.toISOString(), end: range.end.toISOString() };
  // The period counts postings by value date (issue 11): its first day to today.
  const days = { from: calendarDate(range.start, deps.timeZone), to: calendarDate(range.end, deps.timeZone) };
  if (!holder.accountId) {
    const zero = { balanceKobo: asKobo(0), inflowKobo: asKobo(0), outflowKobo: asKobo(0), netKobo: asKobo(0) };
    return { account: unopenedAccountView(holder), period: periodView, summary: zero, transactions: [] };
  }
  const accountId = holder.accountId;
  const inPeriod = and(
    eq(savingsTransactions.accountId, accountId),
    gte(savingsTransactions.valueDate, days.from),
    lte(savingsTransactions.valueDate, days.to),
  );
  const [totals] = await tx
    .select({
      inflow: sql<string>`coalesce(sum(${savingsTransactions.amountKobo}) filter (where ${isInflowSql}), 0)`,
      outflow: sql<string>`coalesce(sum(${savingsTransactions.amountKobo}) filter (where not ${isInflowSql}), 0)`,
    })
    .from(savingsTransactions)
    .where(inPeriod);
  const inflowKobo = koboFromDb(totals?.inflow);
  const outflowKobo = koboFromDb(totals?.outflow);
  const account = await findAccountView(tx, accountId);
  return {
    account,
    period: periodView,
    summary: { balanceKobo: account.balanceKobo, inflowKobo, outflowKobo, netKobo: asKobo(inflowKobo - outflowKobo) },
    transactions: await listTransactions(tx, accountId, days),
  };
}
