import { sql } from 'drizzle-orm';
import {
  AppError,
  can,
  needsSecondOfficer,
  type IsoDate,
  type PostedTransaction,
  type PostedTransfer,
  type SavingsRequestCreated,
  type SavingsRequestOrigin,
} from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { queryRows, type Transaction } from '../../../db/client.ts';
import { koboFromDb } from '../../../db/kobo.ts';
import { savingsRequests } from '../../../db/schema.ts';
import { loanHeldKoboSql, pendingHeldKoboSql } from '../../ledger/lien-sql.ts';
import { holderForRequest } from '../../ledger/holder-for-request.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../../ledger/idempotency.ts';
import { firstDayBelowZeroSql, holderRoleSql } from '../../ledger/ledger-sql.ts';
import { belowZeroError, heldRefusalError } from '../lien-refusal.ts';
import { postTransaction, type NewSavingsTransaction } from '../post-transaction.ts';
import { findTransferParties, openRecipientAccount, postTransfer, type NewTransfer } from '../post-transfer.ts';
import { findHolder, type SavingsDeps } from '../../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../../ledger/value-date.ts';
import { readApprovalSettings } from './approval-settings.ts';
import { auditRequest } from './request-audit.ts';
import { readRequestView } from './request-views.ts';

/**
 * POST /api/savings/transactions (issue 15): posted at once, or recorded as a request that waits
 * for an administrator (202, nothing moved):
 * - an admin's withdrawal strictly above the two-person threshold waits for a second admin;
 * - a regular user's own deposit or withdrawal waits for an admin to confirm it, unless the
 *   organisation turned member postings back to direct.
 * An admin's deposit never waits, and reads no setting: the benchmark's hot path is unchanged.
 */
export async function postOrRequestTransaction(
  deps: SavingsDeps,
  actor: Actor,
  input: NewSavingsTransaction,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedTransaction | SavingsRequestCreated>> {
  const origin = await transactionRequestOrigin(deps, actor, input);
  if (!origin) return postTransaction(deps, actor, input, key);
  const userId = holderForRequest(actor, input.userId, 'post_own_savings');
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const holder = await findHolder(deps.db, { userId }); // 'No savings account found' for no one, or an admin
  // A withdrawal from an account never opened has nothing to take (as postTransaction says).
  const accountId = holder.accountId;
  if (input.type === 'withdrawal' && !accountId) throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' });
  return postIdempotently(
    deps.db,
    key,
    async (tx) => {
      if (input.type === 'withdrawal' && accountId) await holdUnderLock(tx, accountId, input.amountKobo, valueDate, 'INSUFFICIENT_BALANCE');
      return recordRequest(tx, deps, actor, {
        origin,
        type: input.type,
        userId,
        // A first deposit may have no account yet: its approval opens one, as a posting does.
        accountId,
        toUserId: null,
        toAccountId: null,
        amountKobo: input.amountKobo,
        description: input.description,
        valueDate,
      });
    },
    202,
  );
}

/**
 * Null: post at once. Only what the caller may post anyway gets here (the gate, holderForRequest).
 * A posting on another savings product (product-requests.ts) is decided the same way.
 */
export async function transactionRequestOrigin(
  deps: SavingsDeps,
  actor: Actor,
  input: Pick<NewSavingsTransaction, 'type' | 'amountKobo'>,
): Promise<SavingsRequestOrigin | null> {
  if (can(actor.role, 'manage_staff_savings')) {
    if (input.type === 'deposit') return null;
    const { twoPersonThresholdKobo } = await readApprovalSettings(deps.db);
    return needsSecondOfficer(input.amountKobo, twoPersonThresholdKobo) ? 'two_person' : null;
  }
  if (!can(actor.role, 'post_own_savings')) return null;
  return (await readApprovalSettings(deps.db)).memberPostingsDirect ? null : 'member';
}

/**
 * POST /api/savings/transfers (issue 15): a transfer strictly above the two-person threshold is
 * recorded as a request for a second admin (202); any other is posted at once as before. The
 * recipient's account is opened when the request is recorded, if it never was: a request names
 * both accounts.
 */
export async function postOrRequestTransfer(
  deps: SavingsDeps,
  actor: Actor,
  input: NewTransfer,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedTransfer | SavingsRequestCreated>> {
  const { twoPersonThresholdKobo } = await readApprovalSettings(deps.db);
  if (!needsSecondOfficer(input.amountKobo, twoPersonThresholdKobo)) return postTransfer(deps, actor, input, key);
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const { recipient, fromAccountId } = await findTransferParties(deps.db, input);
  return postIdempotently(
    deps.db,
    key,
    async (tx) => {
      const toAccountId = recipient.accountId ?? (await openRecipientAccount(tx, recipient));
      await holdUnderLock(tx, fromAccountId, input.amountKobo, valueDate, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');
      return recordRequest(tx, deps, actor, {
        origin: 'two_person',
        type: 'transfer',
        userId: input.fromUserId,
        accountId: fromAccountId,
        toUserId: recipient.userId,
        toAccountId,
        amountKobo: input.amountKobo,
        description: input.description,
        valueDate,
      });
    },
    202,
  );
}

/**
 * A withdrawal or transfer request holds its amount, so it may only be recorded when it fits in
 * the balance less everything already held (loans, and other requests awaiting approval). The
 * account's row lock is the one every posting takes (FOR NO KEY UPDATE), in a statement of its
 * own, so the balance and holds read next are those after any posting or request that held the
 * lock first; and a posting that comes after sees this request's hold (docs/decisions/019-loans.md,
 * "Locks before holds are read"). A holder made an admin or deleted meanwhile matches nothing.
 */
async function holdUnderLock(
  tx: Transaction,
  accountId: string,
  amountKobo: number,
  valueDate: IsoDate,
  shortCode: 'INSUFFICIENT_BALANCE' | 'INSUFFICIENT_BALANCE_FOR_TRANSFER',
): Promise<void> {
  const locked = await queryRows<{ id: string }>(
    tx,
    sql`select a.id from savings_accounts a join users u on u.id = a.user_id
        where a.id = ${accountId} and ${holderRoleSql(sql`u.role`)}
        for no key update of a for share of u`,
  );
  if (locked.length === 0) throw new AppError('NO_SAVINGS_ACCOUNT');
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
  // Issue 26: said when the request is made; its approval judges it again, as a posting.
  if (row.short_day) throw belowZeroError(row.short_day);
}

type NewRequest = {
  origin: SavingsRequestOrigin;
  type: 'deposit' | 'withdrawal' | 'transfer';
  userId: string;
  accountId: string | null;
  toUserId: string | null;
  toAccountId: string | null;
  amountKobo: number;
  description: string | null;
  valueDate: IsoDate;
};

/** Writes a pending request and its audit entry (issue 15); the product postings (issue 29) record theirs here too. */
export async function recordRequest(tx: Transaction, deps: SavingsDeps, actor: Actor, request: NewRequest): Promise<SavingsRequestCreated> {
  const at = deps.now();
  const [row] = await tx
    .insert(savingsRequests)
    .values({ ...request, makerId: actor.id, makerName: actor.name, makerEmail: actor.email, createdAt: at })
    .returning();
  if (!row) throw new Error('insert returned no savings request');
  await auditRequest(tx, {
    kind: 'savings_request.created',
    actor,
    request: row,
    before: null,
    after: { status: 'pending', type: row.type, amountKobo: row.amountKobo, description: row.description, valueDate: row.valueDate },
    at,
  });
  const view = await readRequestView(tx, row.id);
  if (!view) throw new Error('recorded savings request not found');
  return { request: view };
}
