import { eq } from 'drizzle-orm';
import {
  AppError,
  MESSAGES,
  ORDINARY_SAVINGS_PRODUCT_ID,
  type IsoDate,
  type SavingsRequestCreated,
  type SavingsTransactionView,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { savingsAccounts } from '../../db/schema.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { findHolder, openAccount, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { findProduct, findProductAccount } from './product-catalog.ts';
import { lockProductAccounts, refuseShortOrHeld } from './product-ledger.ts';
import { moveBetweenAccounts } from './product-own-transfer.ts';
import {
  depositRefusal,
  postProductInside,
  postProductTransaction,
  productRuleError,
  productWithdrawalRefusal,
  type NewProductTransaction,
  type PostedProductTransaction,
} from './product-posting.ts';
import type { LockedRequest } from './requests/lock-request.ts';
import { recordRequest, transactionRequestOrigin } from './requests/create-request.ts';

/**
 * Postings to a product that wait for an administrator (issue 15's rules, on any product): an
 * officer's withdrawal above the two-person threshold, a member's own posting unless members post
 * directly. The request names the product's account (a first deposit opens it), so its approval
 * posts to that product, judged again by its rules; shares to another member always wait for a
 * second officer.
 */
export async function postOrRequestProductTransaction(
  deps: SavingsDeps,
  actor: Actor,
  input: NewProductTransaction,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedProductTransaction | SavingsRequestCreated>> {
  const origin = await transactionRequestOrigin(deps, actor, input);
  if (!origin) return postProductTransaction(deps, actor, input, key);
  const userId = holderForRequest(actor, input.userId, 'post_own_savings');
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const product = await findProduct(deps.db, input.productId);
  return postIdempotently(
    deps.db,
    key,
    async (tx) => {
      await findHolder(tx, { userId });
      let accountId: string;
      if (input.type === 'deposit') {
        const refusal = depositRefusal(product);
        if (refusal) throw productRuleError(refusal);
        accountId = await openAccount(tx, userId, product.id);
      } else {
        const account = await findProductAccount(tx, userId, product.id);
        if (!account) throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' });
        accountId = account.id;
        await lockProductAccounts(tx, [accountId]);
        const refusal = productWithdrawalRefusal(product, account, valueDate);
        if (refusal) throw productRuleError(refusal);
        // The request holds the whole amount; an early withdrawal's penalty comes out of it when approved.
        await refuseShortOrHeld(tx, accountId, input.amountKobo, valueDate, 'INSUFFICIENT_BALANCE');
      }
      return recordRequest(tx, deps, actor, {
        origin,
        type: input.type,
        userId,
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


export type NewShareTransfer = {
  fromUserId: string;
  toUserId: string;
  productId: string;
  amountKobo: number;
  description: string | null;
  valueDate: IsoDate | null;
};

/**
 * POST /api/savings/share-transfers (issue 29): shares leave a member only to another member, and
 * only when a second officer approves. This records the request (202; nothing moves yet): the
 * sender's shares account holds the amount while it waits; the recipient's account is opened now,
 * as a transfer request names both accounts. Its approval (approvedProductPosting) moves the shares.
 */
export async function requestShareTransfer(deps: SavingsDeps, actor: Actor, input: NewShareTransfer, key: IdempotencyKey | null): Promise<IdempotentResult<SavingsRequestCreated>> {
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const product = await findProduct(deps.db, input.productId);
  if (product.kind !== 'shares') throw new AppError('VALIDATION', { message: MESSAGES.invalidRequest, field: 'productId' });
  const sender = await findHolder(deps.db, { userId: input.fromUserId });
  const recipient = await asInvalidTransfer(() => findHolder(deps.db, { userId: input.toUserId }));
  if (sender.userId === recipient.userId) throw new AppError('INVALID_TRANSFER', { message: MESSAGES.sharesToAnotherMember, field: 'toUserId' });
  return postIdempotently(
    deps.db,
    key,
    async (tx) => {
      const from = await findProductAccount(tx, sender.userId, product.id);
      if (!from) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
      const refusal = depositRefusal(product);
      if (refusal) throw productRuleError(refusal);
      const toAccountId = await asInvalidTransfer(() => openAccount(tx, recipient.userId, product.id));
      await lockProductAccounts(tx, [from.id]);
      await refuseShortOrHeld(tx, from.id, input.amountKobo, valueDate, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');
      return recordRequest(tx, deps, actor, {
        origin: 'shares',
        type: 'transfer',
        userId: sender.userId,
        accountId: from.id,
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

async function asInvalidTransfer<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NO_SAVINGS_ACCOUNT') throw new AppError('INVALID_TRANSFER', { field: 'toUserId' });
    throw error;
  }
}

/**
 * The posting an approved request asks for when it is on a product other than ordinary savings
 * (issue 29), inside the approval's transaction; null for ordinary savings, which approve-request.ts
 * posts as it always did. The approver posts it, recorded as asked for by the request's maker.
 */
export async function approvedProductPosting(tx: Transaction, deps: Pick<SavingsDeps, 'now'>, approver: Actor, request: LockedRequest): Promise<SavingsTransactionView | null> {
  if (!request.accountId || !request.userId) return null;
  const [account] = await tx.select({ productId: savingsAccounts.productId }).from(savingsAccounts).where(eq(savingsAccounts.id, request.accountId));
  if (!account || account.productId === ORDINARY_SAVINGS_PRODUCT_ID) return null;
  const product = await findProduct(tx, account.productId);
  const by = { actor: approver, createdBy: { id: request.makerId, email: request.makerEmail }, at: deps.now(), valueDate: request.valueDate };
  if (request.type !== 'transfer') {
    return (await postProductInside(tx, by, request.userId, product, { type: request.type, amountKobo: request.amountKobo, description: request.description })).transaction;
  }
  // A transfer on a product account is shares to another member (origin 'shares').
  if (!request.toAccountId || !request.toUserId) throw new AppError('INVALID_TRANSFER', { field: 'toUserId' });
  const sender = await findHolder(tx, { userId: request.userId });
  const recipient = await asInvalidTransfer(() => findHolder(tx, { userId: request.toUserId as string }));
  const moved = await moveBetweenAccounts(tx, by, {
    from: { accountId: request.accountId, product, holder: sender },
    to: { accountId: request.toAccountId, product, holder: recipient },
    grossKobo: request.amountKobo,
    penaltyKobo: 0,
    description: request.description,
  });
  return moved.out;
}
