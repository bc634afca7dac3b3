import {
  AppError,
  earlyWithdrawalPenalty,
  isEarlyWithdrawal,
  MESSAGES,
  withdrawalRefusal,
  type IsoDate,
  type SavingsProduct,
  type SavingsTransactionView,
} from '@kobo/core';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { findAccountView, findHolder, openAccount, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { findProduct, findProductAccount, type ProductAccount } from './product-catalog.ts';
import { auditProductPosting, lockProductAccounts, moveBalance, refuseShortOrHeld, writeRows, type PostedBy } from './product-ledger.ts';
import type { postedProductTransactionSchema } from './product-schemas.ts';
import type { NewSavingsTransaction } from './post-transaction.ts';

export type PostedProductTransaction = z.infer<typeof postedProductTransactionSchema>;
export type NewProductTransaction = NewSavingsTransaction & { productId: string };

/** A refusal by a product's rule, in core's sentence naming the product ('Shares cannot be withdrawn while you are a member'). */
export function productRuleError(message: string, field = 'productId'): AppError {
  return new AppError('SAVINGS_PRODUCT_RULE', { message, field });
}

/**
 * Why money cannot go into `product`: a retired product takes none, and a fixed deposit takes
 * money only when it is opened (POST /api/savings/fixed-deposits). Null when it can.
 */
export function depositRefusal(product: SavingsProduct): string | null {
  if (product.retiredAt !== null) return `${product.name} ${MESSAGES.retiredTakesNoMoney}`;
  if (product.kind === 'fixed') return `${product.name} ${MESSAGES.takesMoneyOnlyAtOpening}`;
  return null;
}

/**
 * Why money cannot leave the member's `account` in `product` on `day` (core's withdrawalRefusal: a
 * member's shares never, a target outside its window unless early withdrawal is allowed, a fixed
 * deposit before maturity); null when it can. A fixed deposit never opened holds nothing.
 */
export function productWithdrawalRefusal(product: SavingsProduct, account: ProductAccount, day: IsoDate): string | null {
  if (product.kind === 'fixed' && !account.terms) return null;
  return withdrawalRefusal(product, { onDay: day, isMember: true, terms: account.terms });
}

/**
 * A deposit or withdrawal on a member's account in a product other than ordinary savings (issue
 * 29; ordinary savings keep post-transaction.ts's one-statement path). In one transaction: the
 * product's rule, the account opened by a first deposit, its row locked, money out judged as
 * ordinary savings judges it, the balance moved, the rows and the audit entry written. An early
 * target withdrawal is two rows, both debiting the member: the withdrawal of the amount less the
 * penalty, and the penalty, which the books credit to the product's penalty account.
 */
export async function postProductTransaction(
  deps: SavingsDeps,
  actor: Actor,
  input: NewProductTransaction,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedProductTransaction>> {
  const userId = holderForRequest(actor, input.userId, 'post_own_savings');
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const product = await findProduct(deps.db, input.productId);
  return postIdempotently(deps.db, key, (tx) =>
    postProductInside(tx, { actor, createdBy: actor, at: deps.now(), valueDate }, userId, product, input),
  );
}

/** The posting itself, inside the caller's transaction (a direct posting, or a request's approval). */
export async function postProductInside(
  tx: Transaction,
  by: PostedBy,
  userId: string,
  product: SavingsProduct,
  input: Pick<NewSavingsTransaction, 'type' | 'amountKobo' | 'description'>,
): Promise<PostedProductTransaction> {
  const holder = await findHolder(tx, { userId }); // 'No savings account found' for no one, or an admin
  let accountId: string;
  if (input.type === 'deposit') {
    const refusal = depositRefusal(product);
    if (refusal) throw productRuleError(refusal);
    accountId = await openAccount(tx, userId, product.id);
  } else {
    const existing = await findProductAccount(tx, userId, product.id);
    // Nothing was ever paid in: nothing to take, and no account is opened for it.
    if (!existing) throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' });
    accountId = existing.id;
  }
  await lockProductAccounts(tx, [accountId]);

  let penaltyKobo = 0;
  if (input.type === 'withdrawal') {
    const account = await findProductAccount(tx, userId, product.id);
    if (!account) throw new AppError('NO_SAVINGS_ACCOUNT');
    const refusal = productWithdrawalRefusal(product, account, by.valueDate);
    if (refusal) throw productRuleError(refusal);
    penaltyKobo = isEarlyWithdrawal(product, by.valueDate) ? earlyWithdrawalPenalty(product, input.amountKobo) : 0;
    await refuseShortOrHeld(tx, accountId, input.amountKobo, by.valueDate, 'INSUFFICIENT_BALANCE');
  }
  const delta = input.type === 'deposit' ? input.amountKobo : -input.amountKobo;
  const balanceAfter = await moveBalance(tx, accountId, delta, by.at, 'INSUFFICIENT_BALANCE');
  const paidKobo = input.amountKobo - penaltyKobo;
  const rows = await writeRows(tx, by, [
    ...(paidKobo > 0 ? [{ accountId, type: input.type, amountKobo: paidKobo, description: input.description }] : []),
    ...(penaltyKobo > 0 ? [{ accountId, type: 'penalty' as const, amountKobo: penaltyKobo, description: input.description }] : []),
  ]);
  await auditProductPosting(tx, by, {
    kind: input.type === 'deposit' ? 'savings.deposit' : 'savings.withdrawal',
    accountId,
    holder,
    product,
    amountKobo: input.amountKobo,
    penaltyKobo,
    balanceAfterKobo: balanceAfter,
    transactionIds: rows.map((row) => row.id),
    description: input.description,
  });
  const main = rows[0] as SavingsTransactionView;
  const penalty = rows.find((row) => row.type === 'penalty') ?? null;
  return {
    transaction: main,
    penalty: penalty === main ? null : penalty,
    account: await findAccountView(tx, accountId),
  };
}
