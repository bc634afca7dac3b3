import { ORDINARY_SAVINGS_PRODUCT_ID, type SavingsProduct } from './products.ts';

/** The products the tests judge, as COOPERATIVE.md "Kinds of saving" and issue 29 describe them. Not exported from core. */
const none = {
  sharePriceKobo: null,
  minimumHoldingKobo: null,
  windowOpens: null,
  windowCloses: null,
  payoutOn: null,
  payoutTo: null,
  earlyWithdrawal: false,
  penalty: null,
  penaltyAccountId: null,
  annualRateBp: null,
  termMonths: null,
  retiredAt: null,
} satisfies Partial<SavingsProduct>;

export const ordinary: SavingsProduct = { ...none, id: ORDINARY_SAVINGS_PRODUCT_ID, name: 'Ordinary Savings', kind: 'ordinary', controlAccountId: 'acc-2100' };

/** ₦1,000 a share, at least ₦25,000 (25 shares). */
export const shares: SavingsProduct = { ...none, id: 'p-shares', name: 'Shares', kind: 'shares', controlAccountId: 'acc-3000', sharePriceKobo: 100_000, minimumHoldingKobo: 2_500_000 };

/** Withdrawals 1–31 December, pay-out to ordinary savings on 15 December, no early withdrawal. */
export const christmas: SavingsProduct = {
  ...none,
  id: 'p-christmas',
  name: 'Christmas Savings',
  kind: 'target',
  controlAccountId: 'acc-2110',
  windowOpens: '12-01',
  windowCloses: '12-31',
  payoutOn: '12-15',
  payoutTo: 'ordinary',
};

/** School fees: withdrawals 1 Aug – 15 Sep, paid out on 1 Sep; early withdrawal at 5% to the penalty income account. */
export const schoolFees: SavingsProduct = {
  ...christmas,
  id: 'p-school',
  name: 'School Fees',
  controlAccountId: 'acc-2120',
  windowOpens: '08-01',
  windowCloses: '09-15',
  payoutOn: '09-01',
  payoutTo: 'out',
  earlyWithdrawal: true,
  penalty: { kind: 'percent', basisPoints: 500 },
  penaltyAccountId: 'acc-4200',
};

/** 12% a year, 6 months unless the member chooses, broken early at 2% of the principal. */
export const fixedDeposit: SavingsProduct = {
  ...none,
  id: 'p-fixed',
  name: 'Fixed Deposit',
  kind: 'fixed',
  controlAccountId: 'acc-2130',
  annualRateBp: 1_200,
  termMonths: 6,
  penalty: { kind: 'percent', basisPoints: 200 },
  penaltyAccountId: 'acc-4200',
};
