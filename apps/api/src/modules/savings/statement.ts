import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays, signedAmountKobo, startOfDay, type IsoDate, type SavingsStatement } from '@kobo/core';
import { savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../plugins/authentication.ts';
import { accountIdForHolder, findAccountView, signedAmountSql, toTransactionView, type SavingsDeps } from './savings-accounts.ts';
import { holderForReading } from './savings-roles.ts';

/**
 * A statement for whole days `from`..`to` in APP_TIMEZONE: the opening balance (everything before
 * the first day), every transaction of the period oldest first with the balance after it, and the
 * closing balance. Staff and regular users get their own; admins any account.
 */
export async function getStatement(
  deps: SavingsDeps,
  actor: Actor,
  input: { userId: string | null; from: IsoDate; to: IsoDate },
): Promise<SavingsStatement> {
  const accountId = await accountIdForHolder(deps.db, { userId: holderForReading(actor, input.userId) });
  const start = startOfDay(input.from, deps.timeZone);
  const end = startOfDay(addDays(input.to, 1), deps.timeZone);
  // One transaction, so the opening balance and the rows come from the same snapshot.
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const [opening] = await tx
      .select({ total: sql<string>`coalesce(sum(${signedAmountSql}), 0)` })
      .from(savingsTransactions)
      .where(and(eq(savingsTransactions.accountId, accountId), lt(savingsTransactions.createdAt, start)));
    const rows = await tx
      .select()
      .from(savingsTransactions)
      .where(and(eq(savingsTransactions.accountId, accountId), gte(savingsTransactions.createdAt, start), lt(savingsTransactions.createdAt, end)))
      .orderBy(asc(savingsTransactions.createdAt), asc(savingsTransactions.seq));
    const openingBalanceKobo = Number(opening?.total ?? 0);
    let balance = openingBalanceKobo;
    const statementRows = rows.map((row) => {
      balance += signedAmountKobo(row.type, row.amountKobo);
      return { ...toTransactionView(row), balanceAfterKobo: balance };
    });
    return {
      account: await findAccountView(tx, accountId),
      from: input.from,
      to: input.to,
      openingBalanceKobo,
      closingBalanceKobo: balance,
      rows: statementRows,
    };
  });
}
