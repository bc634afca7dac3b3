import {
  AppError,
  asKobo,
  earlyWithdrawalPenalty,
  isEarlyWithdrawal,
  ownTransferRefusal,
  type IsoDate,
  type SavingsProduct,
  type SavingsTransactionView,
} from '@kobo/core';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { findAccountView, findHolder, openAccount, type Holder, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { findProduct, findProductAccount } from './product-catalog.ts';
import { auditProductTransfer, lockProductAccounts, moveBalance, refuseShortOrHeld, writeRows, type PostedBy } from './product-ledger.ts';
import { productRuleError } from './product-posting.ts';
import type { postedOwnTransferSchema } from './product-schemas.ts';

export type PostedOwnTransfer = z.infer<typeof postedOwnTransferSchema>;

export type NewOwnTransfer = {
  userId: string | null;
  fromProductId: string;
  toProductId: string;
  amountKobo: number;
  description: string | null;
  valueDate: IsoDate | null;
};

/**
 * POST /api/savings/own-transfers (issue 29): money between two of one member's products, where
 * core's ownTransferRefusal allows it (out of shares never, out of a target in its window or early
 * with its penalty, out of a fixed deposit from maturity; into a fixed deposit only at opening, into
 * a retired product never). The two legs share a transfer id, so the books post one entry across
 * the two products' control accounts. An officer moves any member's; a member their own.
 */
export async function postOwnTransfer(deps: SavingsDeps, actor: Actor, input: NewOwnTransfer, key: IdempotencyKey | null): Promise<IdempotentResult<PostedOwnTransfer>> {
  const userId = holderForRequest(actor, input.userId, 'post_own_savings');
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const from = await findProduct(deps.db, input.fromProductId);
  const to = await findProduct(deps.db, input.toProductId);
  return postIdempotently(deps.db, key, async (tx) => {
    const holder = await findHolder(tx, { userId });
    return ownTransferInside(tx, { actor, createdBy: actor, at: deps.now(), valueDate }, holder, from, to, input.amountKobo, input.description);
  });
}

/**
 * The own transfer inside the caller's transaction: judged by the products' rules, both accounts
 * locked in id order (the destination opened by its first money), then moved as any transfer.
 * `isOpening`: the money opens a fixed deposit (fixed-deposits' opening).
 */
export async function ownTransferInside(
  tx: Transaction,
  by: PostedBy,
  holder: Holder,
  from: SavingsProduct,
  to: SavingsProduct,
  amountKobo: number,
  description: string | null,
  context: { isOpening?: boolean } = {},
): Promise<PostedOwnTransfer> {
  const source = await findProductAccount(tx, holder.userId, from.id);
  // A fixed deposit never opened holds nothing: judged as matured, so only the destination's rules speak, then the balance.
  const holdsNothing = !source || (from.kind === 'fixed' && !source.terms);
  const fromTerms = holdsNothing ? { maturesOn: '0001-01-01' } : (source?.terms ?? null);
  const refusal = ownTransferRefusal(from, to, by.valueDate, { isOpening: context.isOpening, fromTerms });
  if (refusal) {
    const intoRefused = from.id === to.id || to.retiredAt !== null || (to.kind === 'fixed' && !context.isOpening);
    throw productRuleError(refusal, intoRefused ? 'toProductId' : 'fromProductId');
  }
  if (holdsNothing || !source) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
  const penaltyKobo = isEarlyWithdrawal(from, by.valueDate) ? earlyWithdrawalPenalty(from, amountKobo) : 0;
  const toAccountId = await openAccount(tx, holder.userId, to.id);
  return moveBetweenAccounts(tx, by, {
    from: { accountId: source.id, product: from, holder },
    to: { accountId: toAccountId, product: to, holder },
    grossKobo: amountKobo,
    penaltyKobo,
    description,
  });
}

type Side = { accountId: string; product: Pick<SavingsProduct, 'id' | 'name'>; holder: Pick<Holder, 'userId' | 'holderName' | 'staffId'> };

/**
 * Moves `grossKobo` out of one account and all but `penaltyKobo` of it into another, in the
 * caller's transaction: both rows locked in id order, the source judged as ordinary savings is
 * (balance, holds, no day below ₦0), the two legs sharing a transfer id, and the penalty a row of
 * its own on the source, which the books credit to the product's penalty account.
 */
export async function moveBetweenAccounts(
  tx: Transaction,
  by: PostedBy,
  move: { from: Side; to: Side; grossKobo: number; penaltyKobo: number; description: string | null },
): Promise<PostedOwnTransfer> {
  const { from, to, grossKobo, penaltyKobo } = move;
  const paidKobo = grossKobo - penaltyKobo;
  if (paidKobo <= 0) throw new AppError('INSUFFICIENT_BALANCE_FOR_TRANSFER', { field: 'amount' });
  await lockProductAccounts(tx, [from.accountId, to.accountId]);
  await refuseShortOrHeld(tx, from.accountId, grossKobo, by.valueDate, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');
  const fromBalance = await moveBalance(tx, from.accountId, -grossKobo, by.at, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');
  const toBalance = await moveBalance(tx, to.accountId, paidKobo, by.at, 'INSUFFICIENT_BALANCE_FOR_TRANSFER');
  const transferId = crypto.randomUUID();
  const sameHolder = from.holder.userId === to.holder.userId;
  // Between one member's own products the counterparty is the other product; else the other member.
  const counterpartyOf = (side: Side) => (sameHolder ? side.product.name : side.holder.holderName);
  const rows = await writeRows(tx, by, [
    { accountId: from.accountId, type: 'transfer_out', amountKobo: paidKobo, description: move.description, transferId, counterpartyAccountId: to.accountId, counterpartyName: counterpartyOf(to) },
    { accountId: to.accountId, type: 'transfer_in', amountKobo: paidKobo, description: move.description, transferId, counterpartyAccountId: from.accountId, counterpartyName: counterpartyOf(from) },
    ...(penaltyKobo > 0 ? [{ accountId: from.accountId, type: 'penalty' as const, amountKobo: penaltyKobo, description: move.description }] : []),
  ]);
  const outRow = rows.find((row) => row.type === 'transfer_out') as SavingsTransactionView;
  const inRow = rows.find((row) => row.type === 'transfer_in') as SavingsTransactionView;
  await auditProductTransfer(tx, by, {
    transferId,
    from: { accountId: from.accountId, ...from.holder, balanceAfterKobo: fromBalance, product: from.product },
    to: { accountId: to.accountId, ...to.holder, balanceAfterKobo: toBalance, product: to.product },
    amountKobo: paidKobo,
    penaltyKobo,
    description: move.description,
  });
  return {
    transferId,
    createdAt: by.at.toISOString(),
    amountKobo: asKobo(paidKobo),
    out: outRow,
    in: inRow,
    from: await findAccountView(tx, from.accountId),
    to: await findAccountView(tx, to.accountId),
    penalty: rows.find((row) => row.type === 'penalty') ?? null,
  };
}
