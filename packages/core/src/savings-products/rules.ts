import { MESSAGES } from '../messages.ts';
import type { IsoDate } from '../periods.ts';
import { dayLabel } from '../value-dates.ts';
import { hasMatured } from './fixed.ts';
import { describePenalty } from './labels.ts';
import type { FixedDepositTerms, SavingsProduct } from './products.ts';
import { isInWindow, nextWindowOpening } from './target.ts';

/**
 * What each kind of saving allows to leave it, as a sentence naming the product and its rule (issue
 * 29). The balance, holds and approvals are judged elsewhere, as for ordinary savings today.
 */
export type WithdrawalContext = {
  onDay: IsoDate;
  /** A member's shares leave only when they leave the scheme (the exit settlement, not a withdrawal). */
  isMember: boolean;
  /** A fixed deposit's terms: a fixed deposit's withdrawal is judged on them. */
  terms?: Pick<FixedDepositTerms, 'maturesOn'> | null;
};

function fixedDepositRefusal(product: SavingsProduct, terms: Pick<FixedDepositTerms, 'maturesOn'>): string {
  const cost = product.penalty ? `${MESSAGES.breakingEarlyCosts} ${describePenalty(product.penalty)}` : MESSAGES.breakingEarlyFree;
  return `${product.name} ${MESSAGES.maturesOn} ${dayLabel(terms.maturesOn)}; ${cost}`;
}

/**
 * Why money cannot be withdrawn from this product on `onDay`; null when it can. Shares: never while
 * a member. Target: in the window, or outside it when the product allows early withdrawal (with
 * earlyWithdrawalPenalty). Fixed: from maturity; before it the deposit is broken instead (breakPenalty).
 */
export function withdrawalRefusal(product: SavingsProduct, context: WithdrawalContext): string | null {
  switch (product.kind) {
    case 'ordinary':
      return null;
    case 'shares':
      return context.isMember ? `${product.name} ${MESSAGES.cannotBeWithdrawnWhileMember}` : null;
    case 'target':
      if (isInWindow(product, context.onDay) || product.earlyWithdrawal) return null;
      return `${product.name} ${MESSAGES.opensForWithdrawalOn} ${dayLabel(nextWindowOpening(product, context.onDay))}`;
    case 'fixed': {
      if (!context.terms) throw new RangeError(`A withdrawal from ${product.name} is judged on the deposit's terms`);
      return hasMatured(context.terms, context.onDay) ? null : fixedDepositRefusal(product, context.terms);
    }
  }
}

/**
 * What a member is told before withdrawing early from a target product that allows it: 'Christmas
 * Savings opens for withdrawal on 1 Dec 2026; withdrawing early costs 5%'. Null in the window or
 * for any other kind.
 */
export function earlyWithdrawalNotice(product: SavingsProduct, onDay: IsoDate): string | null {
  if (product.kind !== 'target' || !product.earlyWithdrawal || isInWindow(product, onDay)) return null;
  const cost = product.penalty ? `${MESSAGES.withdrawingEarlyCosts} ${describePenalty(product.penalty)}` : MESSAGES.withdrawingEarlyFree;
  return `${product.name} ${MESSAGES.opensForWithdrawalOn} ${dayLabel(nextWindowOpening(product, onDay))}; ${cost}`;
}

export type OwnTransferContext = {
  /** The money opens the destination (a fixed deposit takes money only then). */
  isOpening?: boolean;
  /** The source's terms when it is a fixed deposit. */
  fromTerms?: Pick<FixedDepositTerms, 'maturesOn'> | null;
};

/**
 * Why a member cannot move money between two of their own products on `onDay`; null when they
 * can. Into a product: never a retired one, and into a fixed deposit only when it is opened. Out of
 * a product: as a withdrawal from it (shares never, target in the window or early where allowed,
 * fixed from maturity). Ordinary savings both ways.
 */
export function ownTransferRefusal(from: SavingsProduct, to: SavingsProduct, onDay: IsoDate, context: OwnTransferContext = {}): string | null {
  if (from.id === to.id) return MESSAGES.sameProductTransfer;
  if (to.retiredAt !== null) return `${to.name} ${MESSAGES.retiredTakesNoMoney}`;
  if (to.kind === 'fixed' && !context.isOpening) return `${to.name} ${MESSAGES.takesMoneyOnlyAtOpening}`;
  return withdrawalRefusal(from, { onDay, isMember: true, terms: context.fromTerms });
}
