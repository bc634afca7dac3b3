import type { Kobo } from '../money.ts';
import { splitInProportion } from '../exits/settlement.ts';

/**
 * Recovery from guarantors (issue 33; docs/decisions/055-guarantor-recovery.md): the arithmetic,
 * pure. Every amount is integer kobo.
 */

/** The scheme's default: 90 days in arrears, the by-laws' usual line and the prudential "91–180" bucket's edge. */
export const DEFAULT_LOAN_DEFAULT_DAYS = 90;
export const MAX_LOAN_DEFAULT_DAYS = 3650;

/** A loan is in default once its oldest unpaid instalment has been in arrears for `defaultDays` days or more. */
export function isInDefault(daysInArrears: number, defaultDays: number): boolean {
  return daysInArrears > 0 && daysInArrears >= defaultDays;
}

/**
 * What a recovery may take from one guarantor: what they guaranteed, but never more than their
 * savings less what OTHER things hold (other loans, pending withdrawals). Their guarantee's own hold
 * already covers the share, so taking it and releasing as much of the hold leaves what they may
 * withdraw unchanged; the savings are never overdrawn.
 */
export function recoverableKobo(input: { balanceKobo: number; heldKobo: number; guaranteedKobo: number }): Kobo {
  const heldForOthers = Math.max(0, input.heldKobo - input.guaranteedKobo);
  return Math.max(0, Math.min(input.guaranteedKobo, input.balanceKobo - heldForOthers)) as Kobo;
}

export type RecoveryGuarantorInput = { guaranteedKobo: number; recoverableKobo: number };
export type RecoveryShareAmounts = { proportionalKobo: Kobo; amountKobo: Kobo };

/**
 * The overdue amount split among the guarantors in proportion to what each guaranteed (core's one
 * split, splitInProportion: half up, the last part takes what is left, so the parts add up to the
 * kobo), never more than they guaranteed in all, then each capped by what can be taken from them.
 * A guarantor short of their share is not made up by the others: each answers for their own
 * proportion, and what is not recovered stays overdue on the loan (decision 055).
 * COOPERATIVE.md-style: ₦33,600 overdue, guarantees of ₦60,000 and ₦30,000 → ₦22,400 and ₦11,200.
 */
export function recoveryShares(overdueKobo: number, guarantors: readonly RecoveryGuarantorInput[]): RecoveryShareAmounts[] {
  if (guarantors.length === 0 || overdueKobo <= 0) return guarantors.map(() => ({ proportionalKobo: 0 as Kobo, amountKobo: 0 as Kobo }));
  const guaranteed = guarantors.reduce((sum, guarantor) => sum + guarantor.guaranteedKobo, 0);
  const proportional = splitInProportion(
    Math.min(overdueKobo, guaranteed),
    guarantors.map((guarantor) => guarantor.guaranteedKobo),
  );
  return guarantors.map((guarantor, index) => {
    const proportionalKobo = proportional[index] as Kobo;
    const amountKobo = Math.max(0, Math.min(proportionalKobo, guarantor.guaranteedKobo, guarantor.recoverableKobo)) as Kobo;
    return { proportionalKobo, amountKobo };
  });
}
