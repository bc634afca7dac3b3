import { AppError, balanceBelowZeroOnMessage, heldAgainstLoanMessage, heldRefusal, type IsoDate, type Kobo } from '@kobo/core';

/** 'Insufficient available balance: ₦X is held against a loan' (issue 12's sentence), on the amount. */
export function heldAgainstLoanError(heldKobo: Kobo | number): AppError {
  return new AppError('HELD_AGAINST_LOAN', { message: heldAgainstLoanMessage(heldKobo as Kobo), field: 'amount' });
}

/**
 * The refusal for a withdrawal or transfer the balance covers but what is held does not (issues 12,
 * 15), naming the cause (core's heldRefusal); null when no hold refuses it.
 */
export function heldRefusalError(amountKobo: number, balanceKobo: number, loanHeldKobo: number, pendingKobo: number): AppError | null {
  const refusal = heldRefusal(amountKobo, balanceKobo, loanHeldKobo, pendingKobo);
  if (!refusal) return null;
  return new AppError(refusal.cause === 'loan' ? 'HELD_AGAINST_LOAN' : 'HELD_FOR_APPROVAL', { message: refusal.message, field: 'amount' });
}

/** Issue 26: 'This would leave the balance below ₦0 on 3 Nov 2026', beside the value date. */
export function belowZeroError(day: IsoDate): AppError {
  return new AppError('BALANCE_BELOW_ZERO_ON', { message: balanceBelowZeroOnMessage(day), field: 'valueDate' });
}
