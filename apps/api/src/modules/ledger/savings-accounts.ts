import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { koboFromDb } from '../../db/kobo.ts';
import { heldKoboSql, pendingHeldKoboSql } from './lien-sql.ts';
import { AppError, asKobo, availableOf, holdsSavings, parseStaffId, type IsoDate, type Role, type SavingsAccountView, type SavingsTransactionView } from '@kobo/core';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID, savingsAccounts, savingsTransactions, users } from '../../db/schema.ts';
import { ordinaryAccountOf } from './ledger-sql.ts';

export type SavingsDeps = { db: Database; now: () => Date; timeZone: string };
type Db = Database | Transaction;

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
  heldKobo: sql<string>`${heldKoboSql(sql`${savingsAccounts.id}`)}`,
  pendingKobo: sql<string>`${pendingHeldKoboSql(sql`${savingsAccounts.id}`)}`,
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
  heldKobo: string;
  pendingKobo: string;
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
    balanceKobo: asKobo(row.balanceKobo),
    heldKobo: koboFromDb(row.heldKobo),
    availableKobo: availableOf({ balanceKobo: koboFromDb(row.balanceKobo), heldKobo: koboFromDb(row.heldKobo) }),
    pendingKobo: koboFromDb(row.pendingKobo),
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

/** Someone who may hold savings, and their account: `accountId` is null until a posting opens it. */
export type Holder = {
  userId: string;
  holderName: string;
  email: string;
  role: Role;
  staffId: string | null;
  joinedAt: Date;
  accountId: string | null;
};

/**
 * The holder named by a user id or a staff ID; reading only. Admins hold no savings account
 * (DECISIONS 8): asking for one, or for no one, is 'No savings account found'.
 */
export async function findHolder(db: Db, holder: { userId: string } | { ref: string }): Promise<Holder> {
  const where =
    'userId' in holder
      ? eq(users.id, holder.userId)
      : parseStaffId(holder.ref) !== null
        ? eq(users.staffId, holder.ref)
        : eq(users.id, holder.ref);
  const [row] = await db
    .select({
      userId: users.id,
      holderName: users.name,
      email: users.email,
      role: users.role,
      staffId: users.staffId,
      joinedAt: users.createdAt,
      accountId: savingsAccounts.id,
    })
    .from(users)
    .leftJoin(savingsAccounts, ordinaryAccountOf(users.id))
    .where(where);
  if (!row || !holdsSavings(row.role)) throw new AppError('NO_SAVINGS_ACCOUNT');
  return row;
}

/**
 * Opens a holder's account at zero, inside the transaction of the posting that needs it
 * (DECISIONS 8), so a posting refused after this leaves no account behind; a read never opens one.
 * The holder's user row is locked FOR SHARE first, as the posting itself does: a role change or a
 * deletion in flight (users/change-role.ts, users/delete-user.ts lock that row, then read the
 * savings row) either commits first and is seen here, or waits and then sees this account.
 * Returns the account's id, opened now or by a posting that committed meanwhile.
 */
export async function openAccount(tx: Transaction, userId: string, productId: string = ORDINARY_SAVINGS_PRODUCT_ID): Promise<string> {
  const [holder] = await tx
    .select({ name: users.name, role: users.role, staffId: users.staffId })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (!holder || !holdsSavings(holder.role)) throw new AppError('NO_SAVINGS_ACCOUNT');
  const [opened] = await tx
    .insert(savingsAccounts)
    .values({ userId, holderName: holder.name, staffId: holder.staffId, productId })
    .onConflictDoNothing({ target: [savingsAccounts.userId, savingsAccounts.productId] })
    .returning({ id: savingsAccounts.id });
  if (opened) return opened.id;
  const [existing] = await tx
    .select({ id: savingsAccounts.id })
    .from(savingsAccounts)
    .where(and(eq(savingsAccounts.userId, userId), eq(savingsAccounts.productId, productId)));
  if (!existing) throw new AppError('NO_SAVINGS_ACCOUNT');
  return existing.id;
}

/**
 * What a holder whose account was never opened sees: a zero balance, unchanged since they joined.
 * It has no id yet: SavingsAccountView.accountId is typed string, so it is '' here, where the
 * holders list answers null for the same state.
 */
export function unopenedAccountView(holder: Holder): SavingsAccountView {
  return {
    accountId: null,
    userId: holder.userId,
    holderName: holder.holderName,
    email: holder.email,
    role: holder.role,
    staffId: holder.staffId,
    balanceKobo: asKobo(0),
    heldKobo: asKobo(0),
    availableKobo: asKobo(0),
    pendingKobo: asKobo(0),
    lastUpdated: holder.joinedAt.toISOString(),
    createdAt: holder.joinedAt.toISOString(),
  };
}

type TransactionRow = typeof savingsTransactions.$inferSelect;

/** A ledger row as the API shows it; `reversedById` is the reversal that undid it, if any. */
export function toTransactionView(row: TransactionRow, reversedById: string | null = null): SavingsTransactionView {
  return {
    id: row.id,
    type: row.type,
    amountKobo: asKobo(row.amountKobo),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
    processedByEmail: row.processedByEmail,
    transferId: row.transferId,
    counterpartyAccountId: row.counterpartyAccountId,
    counterpartyName: row.counterpartyName,
    valueDate: row.valueDate,
    reversesId: row.reversesId,
    reason: row.reason,
    reversedById,
    batchId: row.batchId,
  };
}

const reversal = alias(savingsTransactions, 'reversal');

/** Ledger rows with the id of the reversal that undid each (one reversal per posting, by index). */
export function selectLedgerRows(db: Db) {
  return db
    .select({ row: savingsTransactions, reversedById: reversal.id })
    .from(savingsTransactions)
    .leftJoin(reversal, eq(reversal.reversesId, savingsTransactions.id));
}

export const MAX_HISTORY_ROWS = 1000;

/** An account's history by value date, newest first (issue 11); `from`/`to` are inclusive days. */
export async function listTransactions(
  db: Db,
  accountId: string,
  options: { from?: IsoDate; to?: IsoDate; limit?: number } = {},
): Promise<SavingsTransactionView[]> {
  const conditions: SQL[] = [eq(savingsTransactions.accountId, accountId)];
  if (options.from) conditions.push(gte(savingsTransactions.valueDate, options.from));
  if (options.to) conditions.push(lte(savingsTransactions.valueDate, options.to));
  const rows = await selectLedgerRows(db)
    .where(and(...conditions))
    .orderBy(desc(savingsTransactions.valueDate), desc(savingsTransactions.seq))
    .limit(Math.min(options.limit ?? MAX_HISTORY_ROWS, MAX_HISTORY_ROWS));
  return rows.map(({ row, reversedById }) => toTransactionView(row, reversedById));
}
