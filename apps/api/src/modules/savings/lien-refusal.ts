import { AppError, heldAgainstLoanMessage, type Kobo } from '@kobo/core';

/** 'Insufficient available balance: ₦X is held against a loan' (issue 12's sentence), on the amount. */
export function heldAgainstLoanError(heldKobo: Kobo | number): AppError {
  return new AppError('HELD_AGAINST_LOAN', { message: heldAgainstLoanMessage(heldKobo as Kobo), field: 'amount' });
}
