import { eq } from 'drizzle-orm';
import {
  AppError,
  breakPenalty,
  can,
  dayLabel,
  fixedDepositTerms,
  maturityInterest,
  MESSAGES,
  ORDINARY_SAVINGS_PRODUCT_ID,
  type FixedDepositTerms,
  type IsoDate,
  type SavingsProduct,
} from '@kobo/core';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { savingsAccounts } from '../../db/schema.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { findAccountView, findHolder, openAccount, type Holder, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { findProduct, findProductAccount } from './product-catalog.ts';
import { auditProductPosting, lockProductAccounts, moveBalance, writeRows, type PostedBy } from './product-ledger.ts';
import { moveBetweenAccounts, ownTransferInside, type PostedOwnTransfer } from './product-own-transfer.ts';
import { productRuleError } from './product-posting.ts';
import type { fixedDepositAnswerSchema } from './product-schemas.ts';
import { readApprovalSettings } from './requests/approval-settings.ts';

export type OpenedFixedDeposit = z.infer<typeof fixedDepositAnswerSchema>;

export type NewFixedDeposit = {
  userId: string | null;
  productId: string;
  amountKobo: number;
  termMonths: number | null;
  from: 'ordinary' | 'cash';
  description: string | null;
  valueDate: IsoDate | null;
};

/** A product that is not a fixed deposit cannot be opened or broken as one. */
function asFixedDeposit(product: SavingsProduct): SavingsProduct {
  if (product.kind !== 'fixed') throw new AppError('VALIDATION', { message: MESSAGES.invalidRequest, field: 'productId' });
  return product;
}

/**
 * POST /api/savings/fixed-deposits (issue 29): a fixed deposit opened with its terms fixed now
 * (core's fixedDepositTerms: the member's term or the product's, the product's rate, maturity that
 * many months after the value date), stored on the account. From ordinary savings it is an own
 * transfer; with cash, a deposit. One live deposit per member per product: an account still
 * holding money refuses a second opening, naming its maturity.
 */
export async function openFixedDeposit(deps: SavingsDeps, actor: Actor, input: NewFixedDeposit, key: IdempotencyKey | null): Promise<IdempotentResult<OpenedFixedDeposit>> {
  const userId = holderForRequest(actor, input.userId, 'post_own_savings');
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  // Cash a member says they paid is confirmed by an officer unless members post directly (issue 15).
  if (input.from === 'cash' && !can(actor.role, 'manage_staff_savings') && !(await readApprovalSettings(deps.db)).memberPostingsDirect) {
    throw new AppError('SAVINGS_NOT_AUTHORIZED', { field: 'from' });
  }
  const product = asFixedDeposit(await findProduct(deps.db, input.productId));
  if (product.retiredAt !== null) throw productRuleError(`${product.name} ${MESSAGES.retiredTakesNoMoney}`);
  let terms: FixedDepositTerms;
  try {
    terms = fixedDepositTerms(product, input.amountKobo, valueDate, input.termMonths ?? product.termMonths);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('VALIDATION', { message: MESSAGES.fixedTermInvalid, field: 'termMonths' });
    throw error;
  }
  return postIdempotently(deps.db, key, async (tx) => {
    const holder = await findHolder(tx, { userId });
    const by: PostedBy = { actor, createdBy: actor, at: deps.now(), valueDate };
    const accountId = await openAccount(tx, userId, product.id);
    const ordinaryId = input.from === 'ordinary' ? (await findProductAccount(tx, userId, ORDINARY_SAVINGS_PRODUCT_ID))?.id : undefined;
    if (input.from === 'ordinary' && !ordinaryId) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
    // Both rows locked in id order before the deposit's balance is read: two openings at once queue.
    await lockProductAccounts(tx, ordinaryId ? [accountId, ordinaryId] : [accountId]);
    const live = await findProductAccount(tx, userId, product.id);
    if (live && live.balanceKobo > 0) {
      const until = live.terms ? dayLabel(live.terms.maturesOn) : '';
      throw productRuleError(`${product.name} ${MESSAGES.fixedDepositAlreadyOpen} ${until}`.trim());
    }
    await tx
      .update(savingsAccounts)
      .set({ principalKobo: terms.principalKobo, annualRateBp: terms.annualRateBp, maturesOn: terms.maturesOn })
      .where(eq(savingsAccounts.id, accountId));
    const transactions =
      input.from === 'ordinary'
        ? openingTransfer(await ownTransferInside(tx, by, holder, await findProduct(tx, ORDINARY_SAVINGS_PRODUCT_ID), product, input.amountKobo, input.description, { isOpening: true }))
        : await cashOpening(tx, by, holder, product, accountId, input.amountKobo, input.description);
    return {
      deposit: {
        accountId,
        productId: product.id,
        productName: product.name,
        principalKobo: terms.principalKobo,
        annualRateBp: terms.annualRateBp,
        openedOn: terms.openedOn,
        maturesOn: terms.maturesOn,
        maturityInterestKobo: maturityInterest(terms),
      },
      transactions,
      account: await findAccountView(tx, accountId),
    };
  });
}

function openingTransfer(transfer: PostedOwnTransfer) {
  return [transfer.out, transfer.in];
}

async function cashOpening(tx: Transaction, by: PostedBy, holder: Holder, product: SavingsProduct, accountId: string, amountKobo: number, description: string | null) {
  const balanceAfter = await moveBalance(tx, accountId, amountKobo, by.at, 'INSUFFICIENT_BALANCE');
  const rows = await writeRows(tx, by, [{ accountId, type: 'deposit', amountKobo, description }]);
  await auditProductPosting(tx, by, {
    kind: 'savings.deposit',
    accountId,
    holder,
    product,
    amountKobo,
    penaltyKobo: 0,
    balanceAfterKobo: balanceAfter,
    transactionIds: rows.map((row) => row.id),
    description,
  });
  return rows;
}

/**
 * POST /api/savings/fixed-deposits/:accountId/break (issue 29): the deposit's balance moves to the
 * member's ordinary savings less core's breakPenalty (the product's rule on the principal; nothing
 * once matured), as two transfer legs and a penalty row on the deposit. An officer breaks any
 * member's deposit; a member their own.
 */
export async function breakFixedDeposit(
  deps: SavingsDeps,
  actor: Actor,
  accountId: string,
  input: { description: string | null; valueDate: IsoDate | null },
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedOwnTransfer>> {
  const [account] = /^[0-9a-f-]{36}$/i.test(accountId)
    ? await deps.db.select({ userId: savingsAccounts.userId, productId: savingsAccounts.productId }).from(savingsAccounts).where(eq(savingsAccounts.id, accountId))
    : [];
  if (!account?.userId) throw new AppError('NO_SAVINGS_ACCOUNT');
  const userId = holderForRequest(actor, account.userId, 'post_own_savings');
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const product = asFixedDeposit(await findProduct(deps.db, account.productId));
  return postIdempotently(deps.db, key, async (tx) => {
    const holder = await findHolder(tx, { userId });
    const by: PostedBy = { actor, createdBy: actor, at: deps.now(), valueDate };
    const ordinaryId = await openAccount(tx, userId, ORDINARY_SAVINGS_PRODUCT_ID);
    await lockProductAccounts(tx, [accountId, ordinaryId]);
    const deposit = await findProductAccount(tx, userId, product.id);
    if (!deposit || !deposit.terms || deposit.balanceKobo <= 0) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
    const penaltyKobo = Math.min(breakPenalty(product, deposit.terms, valueDate), deposit.balanceKobo);
    const ordinary = await findProduct(tx, ORDINARY_SAVINGS_PRODUCT_ID);
    return moveBetweenAccounts(tx, by, {
      from: { accountId, product, holder },
      to: { accountId: ordinaryId, product: ordinary, holder },
      grossKobo: deposit.balanceKobo,
      penaltyKobo,
      description: input.description,
    });
  });
}
