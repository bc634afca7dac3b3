import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { koboFromDb } from '../../db/kobo.ts';
import { asKobo, signedAmountKobo, type IsoDate, type SavingsStatement } from '@kobo/core';
import { savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { findAccountView, findHolder, selectLedgerRows, toTransactionView, unopenedAccountView, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { signedAmountSql } from '../ledger/ledger-sql.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';

/**
 * A statement for value dates `from`..`to` (issue 11): the opening balance (everything valued before
 * the first day), every transaction of the period oldest first with the balance after it, and the
 * closing balance. Staff and regular users get their own; admins any account.
 */
export async function getStatement(
  deps: SavingsDeps,
  actor: Actor,
  input: { userId: string | null; from: IsoDate; to: IsoDate },
): Promise<SavingsStatement> {
  return statementOf(deps, holderForRequest(actor, input.userId, 'view_own_savings', 'view_staff_savings'), input);
}

/** One holder's statement, whoever asks: the caller has decided they may see it (a route; the monthly mail). */
export async function statementOf(deps: Pick<SavingsDeps, 'db'>, userId: string, input: { from: IsoDate; to: IsoDate }): Promise<SavingsStatement> {
  // One snapshot, so the opening balance, the rows and the account agree (read-snapshot.ts).
  return readSnapshot(deps.db, async (tx) => {
    const holder = await findHolder(tx, { userId });
    const { accountId } = holder;
    // A holder who never saved has a statement of nothing at zero; reading opens no account (issue 10).
    if (!accountId) {
      return { account: unopenedAccountView(holder), from: input.from, to: input.to, openingBalanceKobo: asKobo(0), closingBalanceKobo: asKobo(0), rows: [] };
    }
    const [opening] = await tx
      .select({ total: sql<string>`coalesce(sum(${signedAmountSql}), 0)` })
      .from(savingsTransactions)
      .where(and(eq(savingsTransactions.accountId, accountId), lt(savingsTransactions.valueDate, input.from)));
    const rows = await selectLedgerRows(tx)
      .where(and(eq(savingsTransactions.accountId, accountId), gte(savingsTransactions.valueDate, input.from), lte(savingsTransactions.valueDate, input.to)))
      .orderBy(asc(savingsTransactions.valueDate), asc(savingsTransactions.seq));
    const openingBalanceKobo = koboFromDb(opening?.total);
    let balance: number = openingBalanceKobo;
    const statementRows = rows.map(({ row, reversedById }) => {
      balance += signedAmountKobo(row.type, row.amountKobo);
      return { ...toTransactionView(row, reversedById), balanceAfterKobo: asKobo(balance) };
    });
    return {
      account: await findAccountView(tx, accountId),
      from: input.from,
      to: input.to,
      openingBalanceKobo,
      closingBalanceKobo: asKobo(balance),
      rows: statementRows,
    };
  });
}
