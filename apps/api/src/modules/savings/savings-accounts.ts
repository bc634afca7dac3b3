import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { AppError, type SavingsAccountView, type SavingsTransactionView } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { savingsAccounts, savingsTransactions, users } from '../../db/schema.ts';

export type SavingsDeps = { db: Database; now: () => Date; timeZone: string };
type Db = Database | Transaction;

const STAFF_ID_PATTERN = /^STF\d{3,}$/;

const accountColumns = {
  accountId: savingsAccounts.id,
  userId: savingsAccounts.userId,
  accountHolderName: savingsAccounts.holderName,
  userName: users.name,
  email: users.email,
  role: users.role,
  userStaffId: users.staffId,
  accountStaffId: savingsAccounts.staffId,
  balanceKobo: savingsAccounts.balanceKobo,
  lastUpdated: savingsAccounts.lastUpdated,
  createdAt: savingsAccounts.createdAt,
};

type AccountRow = {
  accountId: string;
  userId: string | null;
  accountHolderName: string;
  userName: string | null;
  email: string | null;
  role: SavingsAccountView['role'];
  userStaffId: string | null;
  accountStaffId: string | null;
  balanceKobo: number;
  lastUpdated: Date;
  createdAt: Date;
};

function toAccountView(row: AccountRow): SavingsAccountView {
  return {
    accountId: row.accountId,
    userId: row.userId,
    // The holder's current name; the name at opening once the user record is gone.
    holderName: row.userName ?? row.accountHolderName,
    email: row.email,
    role: row.role,
    staffId: row.userStaffId ?? row.accountStaffId,
    balanceKobo: row.balanceKobo,
    lastUpdated: row.lastUpdated.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findAccountView(db: Db, accountId: string): Promise<SavingsAccountView> {
  const [row] = await db
    .select(accountColumns)
    .from(savingsAccounts)
    .leftJoin(users, eq(users.id, savingsAccounts.userId))
    .where(eq(savingsAccounts.id, accountId));
  if (!row) throw new AppError('NO_SAVINGS_ACCOUNT');
  return toAccountView(row);
}

/** A holder and their account, as the posting services need them to answer without a re-read. */
export type HolderAccount = {
  accountId: string;
  userId: string;
  holderName: string;
  email: string;
  role: SavingsAccountView['role'];
  staffId: string | null;
  createdAt: Date;
};

/**
 * The savings account of a holder (a user id or a staff ID), opened at zero the first time it is
 * needed (DECISIONS 8). Admins hold no savings account: asking for one is 'No savings account found'.
 */
export async function holderAccount(db: Db, holder: { userId: string } | { ref: string }): Promise<HolderAccount> {
  const where =
    'userId' in holder
      ? eq(users.id, holder.userId)
      : STAFF_ID_PATTERN.test(holder.ref)
        ? eq(users.staffId, holder.ref)
        : eq(users.id, holder.ref);
  const select = () =>
    db
      .select({
        userId: users.id,
        holderName: users.name,
        email: users.email,
        role: users.role,
        staffId: users.staffId,
        accountId: savingsAccounts.id,
        createdAt: savingsAccounts.createdAt,
      })
      .from(users)
      .leftJoin(savingsAccounts, eq(savingsAccounts.userId, users.id))
      .where(where);
  const [row] = await select();
  if (!row || row.role === 'admin') throw new AppError('NO_SAVINGS_ACCOUNT');
  if (row.accountId && row.createdAt) return { ...row, accountId: row.accountId, createdAt: row.createdAt };
  await db
    .insert(savingsAccounts)
    .values({ userId: row.userId, holderName: row.holderName, staffId: row.staffId })
    .onConflictDoNothing({ target: savingsAccounts.userId });
  const [opened] = await select();
  if (!opened?.accountId || !opened.createdAt) throw new AppError('NO_SAVINGS_ACCOUNT');
  return { ...opened, accountId: opened.accountId, createdAt: opened.createdAt };
}

export async function accountIdForHolder(db: Db, holder: { userId: string } | { ref: string }): Promise<string> {
  return (await holderAccount(db, holder)).accountId;
}

type TransactionRow = typeof savingsTransactions.$inferSelect;

export function toTransactionView(row: TransactionRow): SavingsTransactionView {
  return {
    id: row.id,
    type: row.type,
    amountKobo: row.amountKobo,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
    processedByEmail: row.processedByEmail,
    transferId: row.transferId,
    counterpartyAccountId: row.counterpartyAccountId,
    counterpartyName: row.counterpartyName,
  };
}

export const MAX_HISTORY_ROWS = 1000;

/** An account's history, newest first; `start`/`end` bound it inclusively. */
export async function listTransactions(
  db: Db,
  accountId: string,
  options: { start?: Date; end?: Date; limit?: number } = {},
): Promise<SavingsTransactionView[]> {
  const conditions: SQL[] = [eq(savingsTransactions.accountId, accountId)];
  if (options.start) conditions.push(gte(savingsTransactions.createdAt, options.start));
  if (options.end) conditions.push(lte(savingsTransactions.createdAt, options.end));
  const rows = await db
    .select()
    .from(savingsTransactions)
    .where(and(...conditions))
    .orderBy(desc(savingsTransactions.createdAt), desc(savingsTransactions.seq))
    .limit(Math.min(options.limit ?? MAX_HISTORY_ROWS, MAX_HISTORY_ROWS));
  return rows.map(toTransactionView);
}

/** +amount for deposit and transfer_in, −amount otherwise (SPEC 4), as SQL. */
export const signedAmountSql = sql`case when ${savingsTransactions.type} in ('deposit', 'transfer_in') then ${savingsTransactions.amountKobo} else -${savingsTransactions.amountKobo} end`;
