import type { RestructureView } from './topup-schema.ts';

/**
 * The words of the payoff quote, top-up and restructure screens (issue 33, part A;
 * docs/decisions/052), in one home for the web and the tests.
 */
export const TOP_UP_LABELS = {
  payoffQuote: 'Payoff quote',
  topUp: 'Top up',
  topUpTitle: 'Top up this loan',
  restructure: 'Restructure',
  restructureTitle: 'Restructure this loan',
  quoteDate: 'Quote date',
  principal: 'Principal outstanding',
  interest: 'Interest to date',
  fees: 'Fees',
  penalties: 'Penalties',
  total: 'Total to pay off',
  validUntil: 'Valid until',
  payoffOfRunning: 'Pays off the running loan',
  feeFromProceeds: 'Fee taken from the loan',
  net: 'Paid to the member',
  newMonths: 'New term (months)',
  newInstalment: 'Or a new instalment (₦)',
  reason: 'Reason',
  restructures: 'Restructures',
  oldSchedule: 'Schedule before',
  approve: 'Approve',
  decline: 'Decline',
  print: 'Print',
  backToLoan: 'Back to the loan',
  quoteLoading: 'Working out the payoff…',
  validUntilNote: 'Interest to date counts each instalment whose month has begun; a later day, or a posting on the loan, changes the figure.',
  topUpNote: 'A top-up pays this loan off at its quote on the day it is disbursed; only the rest is paid out.',
  restructureNote: "The unpaid part of the schedule is replaced by a new one on the principal outstanding, at the loan's own rate, from next month. Interest already due is carried onto the first new instalment.",
  sectionTitle: 'Payoff quote, top-up and restructure',
  declineTitle: 'Decline restructure',
} as const;

export const RESTRUCTURE_STATUS_LABELS: Record<RestructureView['status'], string> = {
  pending: 'Waiting for a second officer',
  approved: 'Applied',
  declined: 'Declined',
};

/** What the top-up's application says about the money: the quote today, the fee, and what is left. */
export function topUpNetKobo(principalKobo: number, payoffKobo: number, feeKobo: number): number {
  return principalKobo - payoffKobo - feeKobo;
}
