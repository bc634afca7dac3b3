import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError, type PostedTransaction, type SavingsTransactionType } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { savingsAccounts } from '../../db/schema.ts';
import type { Actor } from '../../plugins/authentication.ts';
import { holderAccount, type SavingsDeps } from './savings-accounts.ts';
import { holderForPosting } from './savings-roles.ts';
import { assertAccountStillHeld } from './holder-check.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from './idempotency.ts';
import { auditSavingsPosting } from '../audit/audit-acts.ts';

export type NewSavingsTransaction = {
  userId: string | null;
  type: 'deposit' | 'withdrawal';
  amountKobo: number;
  description: string | null;
};

type PostedRow = {
  id: string;
  type: SavingsTransactionType;
  amount_kobo: string | number;
  description: string | null;
  created_by_email: string;
  processed_by_email: string | null;
  balance_kobo: string | number;
};

/**
 * A deposit or withdrawal (DECISIONS 8, 9): the ledger row and the stored balance change in one
 * transaction. The balance moves only where it stays at or above zero, in a conditional UPDATE
 * that holds the account's row lock until commit, so concurrent withdrawals queue on the row and
 * none can overdraw. The UPDATE and the ledger INSERT are one statement (the hot path of the
 * benchmark: one round trip instead of three).
 */
export async function postTransaction(
  deps: SavingsDeps,
  actor: Actor,
  input: NewSavingsTransaction,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedTransaction>> {
  const holder = await holderAccount(deps.db, { userId: holderForPosting(actor, input.userId) });
  return postIdempotently(deps.db, key, async (tx) => {
    const createdAt = deps.now();
    const delta = input.type === 'deposit' ? input.amountKobo : -input.amountKobo;
    const processedBy = actor.role === 'admin' ? actor.email : null;
    const [row] = await queryRows<PostedRow>(
      tx,
      sql`
        with moved as (
          update savings_accounts
          set balance_kobo = balance_kobo + ${delta}, last_updated = ${createdAt.toISOString()}
          where id = ${holder.accountId} and balance_kobo + ${delta} >= 0
          returning id, balance_kobo
        )
        insert into savings_transactions
          (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at)
        select moved.id, ${input.type}, ${input.amountKobo}, ${input.description}, ${actor.id}, ${actor.email},
               ${processedBy}, ${createdAt.toISOString()}
        from moved
        returning id, type, amount_kobo, description, created_by_email, processed_by_email,
                  (select balance_kobo from moved) as balance_kobo`,
    );
    if (!row) throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' });
    await assertAccountStillHeld(tx, holder.accountId, 'NO_SAVINGS_ACCOUNT');
    await auditSavingsPosting(tx, actor, holder, {
      transactionId: row.id,
      type: input.type,
      amountKobo: input.amountKobo,
      balanceAfterKobo: Number(row.balance_kobo),
      description: row.description,
      at: createdAt,
    });
    const at = createdAt.toISOString();
    return {
      transaction: {
        id: row.id,
        type: row.type,
        amountKobo: Number(row.amount_kobo),
        description: row.description,
        createdAt: at,
        createdByEmail: row.created_by_email,
        processedByEmail: row.processed_by_email,
        transferId: null,
        counterpartyAccountId: null,
        counterpartyName: null,
      },
      account: {
        accountId: holder.accountId,
        userId: holder.userId,
        holderName: holder.holderName,
        email: holder.email,
        role: holder.role,
        staffId: holder.staffId,
        balanceKobo: Number(row.balance_kobo),
        lastUpdated: at,
        createdAt: holder.createdAt.toISOString(),
      },
    };
  });
}

/**
 * Adds `delta` kobo to the stored balance unless that would take it below zero; false when it
 * would. The check constraint savings_accounts_balance_check holds the same line in the database.
 */
export async function applyToBalance(tx: Transaction, accountId: string, delta: number, at: Date): Promise<boolean> {
  const updated = await tx
    .update(savingsAccounts)
    .set({ balanceKobo: sql`${savingsAccounts.balanceKobo} + ${delta}`, lastUpdated: at })
    .where(and(eq(savingsAccounts.id, accountId), gte(savingsAccounts.balanceKobo, -delta)))
    .returning({ id: savingsAccounts.id });
  return updated.length === 1;
}
