import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError, can, type IsoDate, type SavingsProduct, type SavingsTransactionView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { savingsAccounts, savingsTransactions } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { firstDayBelowZeroSql, holderRoleSql } from '../ledger/ledger-sql.ts';
import { loanHeldKoboSql, pendingHeldKoboSql } from '../ledger/lien-sql.ts';
import { toTransactionView } from '../ledger/savings-accounts.ts';
import { belowZeroError, heldRefusalError } from './lien-refusal.ts';

/**
 * What every posting on a member's product accounts (issue 29) does to the ledger, once: lock the
 * accounts, judge money going out as ordinary savings is judged (the balance, loans' and pending
 * requests' holds, no day below ₦0 from the value date on), move the stored balances and write the
 * rows. The books' trigger posts each row under its product's control account.
 */

/**
 * Locks the accounts in id order (FOR NO KEY UPDATE, the lock every posting on an account takes, so
 * postings on one account queue and two opposite moves cannot deadlock) and their holders' user
 * rows FOR SHARE (a role change or deletion in flight is waited for, then seen). An account whose
 * holder is gone or no longer holds savings is 'No savings account found'.
 */
export async function lockProductAccounts(tx: Transaction, accountIds: readonly string[]): Promise<void> {
  const ids = [...new Set(accountIds)].toSorted();
  for (const id of ids) {
    const locked = await queryRows<{ id: string }>(
      tx,
      sql`select a.id from savings_accounts a join users u on u.id = a.user_id
          where a.id = ${id} and ${holderRoleSql(sql`u.role`)}
          for no key update of a for share of u`,
    );
    if (locked.length === 0) throw new AppError('NO_SAVINGS_ACCOUNT');
  }
}

export type ShortCode = 'INSUFFICIENT_BALANCE' | 'INSUFFICIENT_BALANCE_FOR_TRANSFER';

/**
 * Refuses `amountKobo` leaving a locked account as ordinary savings refuses it: more than the
 * balance, what loans or pending requests hold (naming the cause), or a day of the statement from
 * `valueDate` on that would end below ₦0 (naming the day).
 */
export async function refuseShortOrHeld(tx: Transaction, accountId: string, amountKobo: number, valueDate: IsoDate, shortCode: ShortCode): Promise<void> {
  const [row] = await queryRows<{ balance: string | number; loan_held: string | number; pending: string | number; short_day: IsoDate | null }>(
    tx,
    sql`select a.balance_kobo as balance, ${loanHeldKoboSql(sql`a.id`)} as loan_held, ${pendingHeldKoboSql(sql`a.id`)} as pending,
               ${firstDayBelowZeroSql(sql`a.id`, sql`a.balance_kobo`, sql`${valueDate}::date`, sql`${-amountKobo}::bigint`)} as short_day
        from savings_accounts a where a.id = ${accountId}`,
  );
  if (!row) throw new AppError('NO_SAVINGS_ACCOUNT');
  const balance = koboFromDb(row.balance);
  if (amountKobo > balance) throw new AppError(shortCode, { field: 'amount' });
  const refusal = heldRefusalError(amountKobo, balance, koboFromDb(row.loan_held), koboFromDb(row.pending));
  if (refusal) throw refusal;
  if (row.short_day) throw belowZeroError(row.short_day);
}

/** Adds `delta` to the stored balance unless it would go below zero (the table's check holds the same line). */
export async function moveBalance(tx: Transaction, accountId: string, delta: number, at: Date, shortCode: ShortCode): Promise<number> {
  const [moved] = await tx
    .update(savingsAccounts)
    .set({ balanceKobo: sql`${savingsAccounts.balanceKobo} + ${delta}`, lastUpdated: at })
    .where(and(eq(savingsAccounts.id, accountId), gte(savingsAccounts.balanceKobo, -delta)))
    .returning({ balanceKobo: savingsAccounts.balanceKobo });
  if (!moved) throw new AppError(shortCode, { field: 'amount' });
  return moved.balanceKobo;
}

/**
 * Adds each account's delta to its stored balance in one statement (a pay-out's hundreds of
 * accounts); the table's check refuses any that would go below zero. The caller holds the rows' locks.
 */
export async function moveBalances(tx: Transaction, deltas: ReadonlyMap<string, number>, at: Date): Promise<void> {
  if (deltas.size === 0) return;
  await tx.execute(sql`
    update savings_accounts s set balance_kobo = s.balance_kobo + d.delta, last_updated = ${at.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify([...deltas].map(([account_id, delta]) => ({ account_id, delta })))}::json) as d(account_id uuid, delta bigint)
    where s.id = d.account_id`);
}

/** Who a row was asked for and posted by: `processed_by` names an officer, as every posting does. */
export type PostedBy = { actor: Actor; createdBy: { id: string; email: string }; at: Date; valueDate: IsoDate };

/** What every row of one write is stamped with; `createdById` is null for the schedule's own postings. */
export type RowStamp = { createdById: string | null; createdByEmail: string; processedByEmail: string | null; at: Date; valueDate: IsoDate };

export type NewRow = {
  accountId: string;
  type: 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out' | 'penalty' | 'interest';
  amountKobo: number;
  description: string | null;
  transferId?: string | null;
  counterpartyAccountId?: string | null;
  counterpartyName?: string | null;
};

/** Writes ledger rows in one statement, in the order given (their seq follows it). */
export async function writeRows(tx: Transaction, by: PostedBy, rows: readonly NewRow[]): Promise<SavingsTransactionView[]> {
  const processedByEmail = can(by.actor.role, 'manage_staff_savings') ? by.actor.email : null;
  return writeStampedRows(tx, { createdById: by.createdBy.id, createdByEmail: by.createdBy.email, processedByEmail, at: by.at, valueDate: by.valueDate }, rows);
}

/** writeRows for a posting no request asked for (the schedule's pay-outs): the stamp given whole. */
export async function writeStampedRows(tx: Transaction, stamp: RowStamp, rows: readonly NewRow[]): Promise<SavingsTransactionView[]> {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(savingsTransactions)
    .values(
      rows.map((row) => ({
        accountId: row.accountId,
        type: row.type,
        amountKobo: row.amountKobo,
        description: row.description,
        transferId: row.transferId ?? null,
        counterpartyAccountId: row.counterpartyAccountId ?? null,
        counterpartyName: row.counterpartyName ?? null,
        createdById: stamp.createdById,
        createdByEmail: stamp.createdByEmail,
        processedByEmail: stamp.processedByEmail,
        createdAt: stamp.at,
        valueDate: stamp.valueDate,
      })),
    )
    .returning();
  return written.toSorted((a, b) => a.seq - b.seq).map((row) => toTransactionView(row));
}

/** The label the audit log gives a holder's account: 'Ada Obi (STF001) · Shares'. */
function label(holder: { holderName: string; staffId: string | null }, product: Pick<SavingsProduct, 'name'>): string {
  return `${holder.staffId ? `${holder.holderName} (${holder.staffId})` : holder.holderName} · ${product.name}`;
}

/** The audit entry of a deposit or withdrawal on a product account, with its penalty. */
export async function auditProductPosting(
  tx: Transaction,
  by: PostedBy,
  entry: {
    kind: 'savings.deposit' | 'savings.withdrawal';
    accountId: string;
    holder: { userId: string; holderName: string; staffId: string | null };
    product: Pick<SavingsProduct, 'id' | 'name'>;
    amountKobo: number;
    penaltyKobo: number;
    balanceAfterKobo: number;
    transactionIds: string[];
    description: string | null;
  },
): Promise<void> {
  const delta = entry.kind === 'savings.deposit' ? entry.amountKobo : -entry.amountKobo;
  await recordAudit(tx, {
    kind: entry.kind,
    actor: { id: by.actor.id, name: by.actor.name, email: by.actor.email },
    target: { type: 'savings_account', id: entry.accountId, label: label(entry.holder, entry.product) },
    people: [entry.holder.userId],
    before: { balanceKobo: entry.balanceAfterKobo - delta },
    after: {
      balanceKobo: entry.balanceAfterKobo,
      productId: entry.product.id,
      productName: entry.product.name,
      amountKobo: entry.amountKobo,
      penaltyKobo: entry.penaltyKobo,
      transactionIds: entry.transactionIds,
      description: entry.description,
      valueDate: by.valueDate,
    },
    at: by.at,
  });
}

/** The audit entry of a move between two accounts (own products, a fixed deposit's opening or break, shares to another member). */
export async function auditProductTransfer(
  tx: Transaction,
  by: PostedBy,
  entry: {
    transferId: string;
    from: { accountId: string; userId: string | null; holderName: string; staffId: string | null; balanceAfterKobo: number; product: Pick<SavingsProduct, 'id' | 'name'> };
    to: { accountId: string; userId: string | null; holderName: string; staffId: string | null; balanceAfterKobo: number; product: Pick<SavingsProduct, 'id' | 'name'> };
    amountKobo: number;
    penaltyKobo: number;
    description: string | null;
  },
): Promise<void> {
  const { from, to } = entry;
  await recordAudit(tx, {
    kind: 'savings.transfer',
    actor: { id: by.actor.id, name: by.actor.name, email: by.actor.email },
    target: { type: 'savings_transfer', id: entry.transferId, label: `${label(from, from.product)} → ${label(to, to.product)}` },
    people: [from.userId, to.userId],
    before: {
      from: { accountId: from.accountId, balanceKobo: from.balanceAfterKobo + entry.amountKobo + entry.penaltyKobo },
      to: { accountId: to.accountId, balanceKobo: to.balanceAfterKobo - entry.amountKobo },
    },
    after: {
      from: { accountId: from.accountId, balanceKobo: from.balanceAfterKobo, productId: from.product.id, productName: from.product.name },
      to: { accountId: to.accountId, balanceKobo: to.balanceAfterKobo, productId: to.product.id, productName: to.product.name },
      amountKobo: entry.amountKobo,
      penaltyKobo: entry.penaltyKobo,
      description: entry.description,
      valueDate: by.valueDate,
    },
    at: by.at,
  });
}
