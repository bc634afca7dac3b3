import { asc, inArray, sql } from 'drizzle-orm';
import { AppError, asKobo, type IsoDate, type PostedTransfer } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { savingsAccounts, savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { findAccountView, findHolder, openAccount, toTransactionView, type Holder, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { assertAccountStillHeld } from './holder-check.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { auditTransfer } from '../audit/audit-acts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { loanHeldKoboSql, pendingHeldKoboSql } from '../ledger/lien-sql.ts';
import { belowZeroError, heldRefusalError } from './lien-refusal.ts';
import { firstDayBelowZeroSql } from '../ledger/ledger-sql.ts';
import { moveBalance } from './product-ledger.ts';

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
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const parties = await findTransferParties(deps.db, input);
  return postIdempotently(deps.db, key, (tx) => transferInside(tx, deps, actor, input, parties, { createdBy: actor, valueDate }));
}

/**
 * Posts a transfer an officer approved (issue 15), inside the approval's transaction: `approver`
 * posts it, the request's maker is recorded as having asked for it, on the request's value date.
 */
export async function postApprovedTransfer(
  tx: Transaction,
  deps: Pick<SavingsDeps, 'now'>,
  approver: Actor,
  request: { input: NewTransfer; maker: { id: string; email: string }; valueDate: IsoDate },
): Promise<PostedTransfer> {
  const parties = await findTransferParties(tx, request.input);
  return transferInside(tx, deps, approver, request.input, parties, { createdBy: request.maker, valueDate: request.valueDate });
}

export type TransferParties = { sender: Holder; recipient: Holder; fromAccountId: string };

/**
 * The sender and recipient, checked before anything is locked (SPEC 5): the recipient must hold
 * savings and differ from the sender; an account never opened holds nothing to send: refused
 * without opening either account.
 */
export async function findTransferParties(db: Database | Transaction, input: Pick<NewTransfer, 'fromUserId' | 'toUserId'>): Promise<TransferParties> {
  const sender = await findHolder(db, { userId: input.fromUserId });
  const recipient = await findTransferRecipient(db, input.toUserId);
  if (sender.userId === recipient.userId) throw new AppError('INVALID_TRANSFER', { field: 'toUserId' });
  if (!sender.accountId) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
  return { sender, recipient, fromAccountId: sender.accountId };
}

async function transferInside(
  tx: Transaction,
  deps: Pick<SavingsDeps, 'now'>,
  actor: Actor,
  input: NewTransfer,
  { recipient, fromAccountId }: TransferParties,
  { createdBy, valueDate }: { createdBy: { id: string; email: string }; valueDate: IsoDate },
): Promise<PostedTransfer> {
  const toAccountId = recipient.accountId ?? (await openRecipientAccount(tx, recipient));
  await tx
    .select({ id: savingsAccounts.id })
    .from(savingsAccounts)
    .where(inArray(savingsAccounts.id, [fromAccountId, toAccountId]))
    .orderBy(asc(savingsAccounts.id))
    .for('update');
  await assertAccountStillHeld(tx, fromAccountId, 'NO_SAVINGS_ACCOUNT');
  await assertAccountStillHeld(tx, toAccountId, 'INVALID_TRANSFER');
  await refuseWhatIsHeld(tx, fromAccountId, input.amountKobo, valueDate);
  const createdAt = deps.now();
  // The balance check constraint savings_accounts_balance_check holds the same line in the database.
  await moveBalance(tx, fromAccountId, -input.amountKobo, createdAt, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');
  await moveBalance(tx, toAccountId, input.amountKobo, createdAt, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');

  const from = await findAccountView(tx, fromAccountId);
  const to = await findAccountView(tx, toAccountId);
  const transferId = crypto.randomUUID();
  const shared = {
    amountKobo: asKobo(input.amountKobo),
    description: input.description,
    transferId,
    createdById: createdBy.id,
    createdByEmail: createdBy.email,
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
}

/** A recipient that is missing or an admin is 'Invalid transfer details' (SPEC 5), not a 404. */
async function findTransferRecipient(db: Database | Transaction, userId: string): Promise<Holder> {
  return asInvalidTransfer(() => findHolder(db, { userId }));
}

/** The recipient's first saving opens their account; one made an admin or deleted meanwhile is refused the same way. */
export async function openRecipientAccount(tx: Transaction, recipient: Holder): Promise<string> {
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
 * Savings held against loans (issue 12) or by requests awaiting approval (issue 15) cannot be sent,
 * nor what an earlier day of the statement still needs (issue 26: the out leg, on its value date).
 * Runs after the sender's row is locked, so the balance, the ledger and the holds it reads are the
 * ones the transfer will move against (lien-sql.ts heldKoboSql is the sum of the two parts read here).
 * A balance short today is left to applyToBalance's own sentence.
 */
async function refuseWhatIsHeld(tx: Transaction, accountId: string, amountKobo: number, valueDate: IsoDate): Promise<void> {
  const [row] = await queryRows<{ loan_held: string | number; pending: string | number; balance: string | number; short_day: IsoDate | null }>(
    tx,
    sql`select ${loanHeldKoboSql(sql`${accountId}::uuid`)} as loan_held, ${pendingHeldKoboSql(sql`${accountId}::uuid`)} as pending,
               sender.balance_kobo as balance,
               ${firstDayBelowZeroSql(sql`sender.id`, sql`sender.balance_kobo`, sql`${valueDate}::date`, sql`${-amountKobo}::bigint`)} as short_day
        from savings_accounts sender where sender.id = ${accountId}`,
  );
  if (!row) return;
  const balance = koboFromDb(row.balance);
  const refusal = heldRefusalError(amountKobo, balance, koboFromDb(row.loan_held), koboFromDb(row.pending));
  if (refusal) throw refusal;
  if (row.short_day && amountKobo <= balance) throw belowZeroError(row.short_day);
}
