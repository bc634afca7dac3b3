import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { AppError, asKobo, type IsoDate, type PostedTransfer } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { savingsAccounts, savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { findAccountView, findHolder, openAccount, toTransactionView, type Holder, type SavingsDeps } from './savings-accounts.ts';
import { assertAccountStillHeld } from './holder-check.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from './idempotency.ts';
import { auditTransfer } from '../audit/audit-acts.ts';
import { resolveValueDate } from './value-date.ts';
import { heldKoboSql } from '../loans/lien-sql.ts';
import { heldAgainstLoanError } from './lien-refusal.ts';

export type NewTransfer = { fromUserId: string; toUserId: string; amountKobo: number; description: string | null; valueDate: IsoDate | null };

/**
 * A transfer between two non-admin accounts (admin only, DECISIONS 8, 9): transfer_out and
 * transfer_in with one timestamp and one transfer id, in one transaction or not at all.
 * Both account rows are locked in id order first, so two opposite transfers queue instead of
 * deadlocking. A recipient who never saved gets their account opened inside that transaction, so
 * a transfer refused after all leaves none behind (issue 10).
 */
export async function postTransfer(
  deps: SavingsDeps,
  actor: Actor,
  input: NewTransfer,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedTransfer>> {
  const valueDate = resolveValueDate(deps, actor, input.valueDate);
  const sender = await findHolder(deps.db, { userId: input.fromUserId });
  const recipient = await findTransferRecipient(deps, input.toUserId);
  if (sender.userId === recipient.userId) throw new AppError('INVALID_TRANSFER', { field: 'toUserId' });
  // An account never opened holds nothing to send: refused without opening either account.
  const fromAccountId = sender.accountId;
  if (!fromAccountId) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });

  return postIdempotently(deps.db, key, async (tx) => {
    const toAccountId = recipient.accountId ?? (await openRecipientAccount(tx, recipient));
    await tx
      .select({ id: savingsAccounts.id })
      .from(savingsAccounts)
      .where(inArray(savingsAccounts.id, [fromAccountId, toAccountId]))
      .orderBy(asc(savingsAccounts.id))
      .for('update');
    await assertAccountStillHeld(tx, fromAccountId, 'NO_SAVINGS_ACCOUNT');
    await assertAccountStillHeld(tx, toAccountId, 'INVALID_TRANSFER');
    await refuseWhatLoansHold(tx, fromAccountId, input.amountKobo);
    const createdAt = deps.now();
    if (!(await applyToBalance(tx, fromAccountId, -input.amountKobo, createdAt))) {
      throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
    }
    await applyToBalance(tx, toAccountId, input.amountKobo, createdAt);

    const from = await findAccountView(tx, fromAccountId);
    const to = await findAccountView(tx, toAccountId);
    const transferId = crypto.randomUUID();
    const shared = {
      amountKobo: asKobo(input.amountKobo),
      description: input.description,
      transferId,
      createdById: actor.id,
      createdByEmail: actor.email,
      processedByEmail: actor.email,
      createdAt,
      valueDate,
    };
    const legs = await tx
      .insert(savingsTransactions)
      .values([
        { ...shared, accountId: fromAccountId, type: 'transfer_out', counterpartyAccountId: toAccountId, counterpartyName: to.holderName },
        { ...shared, accountId: toAccountId, type: 'transfer_in', counterpartyAccountId: fromAccountId, counterpartyName: from.holderName },
      ])
      .returning();
    const outRow = legs.find((leg) => leg.type === 'transfer_out');
    const inRow = legs.find((leg) => leg.type === 'transfer_in');
    if (!outRow || !inRow) throw new Error('insert returned no transfer legs');
    const posted: PostedTransfer = {
      transferId,
      createdAt: createdAt.toISOString(),
      amountKobo: asKobo(input.amountKobo),
      out: toTransactionView(outRow),
      in: toTransactionView(inRow),
      from,
      to,
    };
    await auditTransfer(tx, actor, posted, createdAt);
    return posted;
  });
}

/** A recipient that is missing or an admin is 'Invalid transfer details' (SPEC 5), not a 404. */
async function findTransferRecipient(deps: SavingsDeps, userId: string): Promise<Holder> {
  return asInvalidTransfer(() => findHolder(deps.db, { userId }));
}

/** The recipient's first saving opens their account; one made an admin or deleted meanwhile is refused the same way. */
async function openRecipientAccount(tx: Transaction, recipient: Holder): Promise<string> {
  return asInvalidTransfer(() => openAccount(tx, recipient.userId));
}

async function asInvalidTransfer<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NO_SAVINGS_ACCOUNT') throw new AppError('INVALID_TRANSFER', { field: 'toUserId' });
    throw error;
  }
}

/**
 * Adds `delta` kobo to the stored balance unless that would take it below zero; false when it
 * would. The check constraint savings_accounts_balance_check holds the same line in the database.
 */
async function applyToBalance(tx: Transaction, accountId: string, delta: number, at: Date): Promise<boolean> {
  const updated = await tx
    .update(savingsAccounts)
    .set({ balanceKobo: sql`${savingsAccounts.balanceKobo} + ${delta}`, lastUpdated: at })
    .where(and(eq(savingsAccounts.id, accountId), gte(savingsAccounts.balanceKobo, -delta)))
    .returning({ id: savingsAccounts.id });
  return updated.length === 1;
}

/**
 * Savings held against loans cannot be sent (issue 12). Runs after the sender's row is locked, so
 * the balance and the holds it reads are the ones the transfer will move against.
 */
async function refuseWhatLoansHold(tx: Transaction, accountId: string, amountKobo: number): Promise<void> {
  const [row] = await queryRows<{ held: string | number; balance: string | number }>(
    tx,
    sql`select ${heldKoboSql(sql`${accountId}::uuid`)} as held, balance_kobo as balance from savings_accounts where id = ${accountId}`,
  );
  if (!row) return;
  const held = koboFromDb(row.held);
  const balance = koboFromDb(row.balance);
  if (held > 0 && balance >= amountKobo && balance - amountKobo < held) throw heldAgainstLoanError(held);
}
