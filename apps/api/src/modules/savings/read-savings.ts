import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { savingsRange, type MySavings, type SavingsAccountDetail, type SavingsPeriod } from '@kobo/core';
import { savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../plugins/authentication.ts';
import { accountIdForHolder, findAccountView, listTransactions, type SavingsDeps } from './savings-accounts.ts';
import { assertHasOwnSavings } from './savings-roles.ts';

/** My Savings (/savings for a regular user) and My Savings Account (/staff-savings). */
export async function getMySavings(deps: SavingsDeps, actor: Actor, options: { limit?: number }): Promise<MySavings> {
  assertHasOwnSavings(actor);
  const accountId = await accountIdForHolder(deps.db, { userId: actor.id });
  const account = await findAccountView(deps.db, accountId);
  const transactions = await listTransactions(deps.db, accountId, { limit: options.limit });
  return { account, transactions };
}

/**
 * Staff Savings Detail (admin): the balance now, and inflow, outflow, net and history for the
 * period (DECISIONS 12: the week from Monday 00:00, month and year as calendar periods, in
 * APP_TIMEZONE). `ref` is a staff ID (STF001) or a user id.
 */
export async function getAccountDetail(deps: SavingsDeps, ref: string, period: SavingsPeriod): Promise<SavingsAccountDetail> {
  const accountId = await accountIdForHolder(deps.db, { ref });
  const range = savingsRange(period, deps.now(), deps.timeZone);
  const inPeriod = and(
    eq(savingsTransactions.accountId, accountId),
    gte(savingsTransactions.createdAt, range.start),
    lte(savingsTransactions.createdAt, range.end),
  );
  const isInflow = sql`${savingsTransactions.type} in ('deposit', 'transfer_in')`;
  const [totals] = await deps.db
    .select({
      inflow: sql<string>`coalesce(sum(${savingsTransactions.amountKobo}) filter (where ${isInflow}), 0)`,
      outflow: sql<string>`coalesce(sum(${savingsTransactions.amountKobo}) filter (where not ${isInflow}), 0)`,
    })
    .from(savingsTransactions)
    .where(inPeriod);
  const inflowKobo = Number(totals?.inflow ?? 0);
  const outflowKobo = Number(totals?.outflow ?? 0);
  const account = await findAccountView(deps.db, accountId);
  return {
    account,
    period: { name: period, start: range.start.toISOString(), end: range.end.toISOString() },
    summary: { balanceKobo: account.balanceKobo, inflowKobo, outflowKobo, netKobo: inflowKobo - outflowKobo },
    transactions: await listTransactions(deps.db, accountId, { start: range.start, end: range.end }),
  };
}
