import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import type { EarlyPaymentRule } from './products.ts';
import {
  allocateRepayment,
  amountDue,
  arrearsOn,
  outstandingPrincipal,
  outstandingTotal,
  payoffAmount,
  positionAfter,
  splitRepayment,
  type InstalmentPosition,
  type LoanPosition,
} from './repayments.ts';

const kobo = (value: number) => value as Kobo;

/**
 * ₦3,000 flat over three months (₦1,000 principal + ₦100 interest each), fee ₦50, nothing paid.
 * Early payments shorten the term unless asked otherwise: the rule these figures were first worked with.
 */
function freshLoan(overpayment: LoanPosition['overpayment'] = 'reduce_term', earlyPayment: EarlyPaymentRule = 'reduce_term'): LoanPosition {
  const row = (number: number, dueDate: string): InstalmentPosition => ({
    number,
    dueDate,
    principal: kobo(100_000),
    interest: kobo(10_000),
    principalPaid: kobo(0),
    interestPaid: kobo(0),
    interestWaived: kobo(0),
  });
  return { feeOutstanding: kobo(5_000), instalments: [row(1, '2027-01-31'), row(2, '2027-02-28'), row(3, '2027-03-31')], overpayment, earlyPayment };
}

describe('allocateRepayment', () => {
  it('pays the fee, then interest, then principal, oldest instalment first', () => {
    expect(allocateRepayment(freshLoan(), kobo(120_000), '2027-02-27')).toEqual({
      ok: true,
      allocation: {
        fee: 5_000,
        lines: [
          { number: 1, interest: 10_000, principal: 100_000, interestWaived: 0 },
          { number: 2, interest: 5_000, principal: 0, interestWaived: 0 },
        ],
      },
    });
  });

  it('counts an instalment as due from the first of its month: payroll pays before the month ends', () => {
    const loan = freshLoan();
    expect(amountDue(loan, '2026-12-31')).toBe(5_000);
    expect(amountDue(loan, '2027-01-01')).toBe(115_000);
    expect(amountDue(loan, '2027-03-01')).toBe(335_000);
  });

  it('repays principal early from the last instalment back and waives the interest of an instalment it clears', () => {
    // Due on 2027-01-15: fee ₦50 + instalment 1 ₦1,100 = ₦1,150; ₦1,500 more clears instalment 3 and half of 2's principal.
    expect(allocateRepayment(freshLoan(), kobo(265_000), '2027-01-15')).toEqual({
      ok: true,
      allocation: {
        fee: 5_000,
        lines: [
          { number: 1, interest: 10_000, principal: 100_000, interestWaived: 0 },
          { number: 2, interest: 0, principal: 50_000, interestWaived: 0 },
          { number: 3, interest: 0, principal: 100_000, interestWaived: 10_000 },
        ],
      },
    });
  });

  it('refuses more than the payoff, naming it: what is due plus the principal still ahead', () => {
    expect(payoffAmount(freshLoan(), '2027-01-15')).toBe(315_000);
    expect(allocateRepayment(freshLoan(), kobo(315_001), '2027-01-15')).toEqual({ ok: false, problem: 'This repayment is more than the ₦3,150.00 outstanding' });
    expect(allocateRepayment(freshLoan(), kobo(315_000), '2027-01-15').ok).toBe(true);
  });

  it('refuses an early repayment when the product takes none, naming what is due', () => {
    expect(allocateRepayment(freshLoan('refuse'), kobo(115_001), '2027-01-15')).toEqual({
      ok: false,
      problem: 'This repayment is more than the ₦1,150.00 due; this loan takes no early repayment',
    });
    // On the last instalment's month everything is due, so the whole balance is simply "outstanding".
    expect(allocateRepayment(freshLoan('refuse'), kobo(335_001), '2027-03-02')).toEqual({ ok: false, problem: 'This repayment is more than the ₦3,350.00 outstanding' });
  });

  it('takes up where earlier repayments stopped', () => {
    const loan = freshLoan();
    loan.feeOutstanding = kobo(0);
    loan.instalments[0] = { ...loan.instalments[0]!, interestPaid: kobo(10_000), principalPaid: kobo(40_000) };
    expect(outstandingPrincipal(loan)).toBe(260_000);
    expect(allocateRepayment(loan, kobo(70_000), '2027-02-10')).toEqual({
      ok: true,
      allocation: {
        fee: 0,
        lines: [
          { number: 1, interest: 0, principal: 60_000, interestWaived: 0 },
          { number: 2, interest: 10_000, principal: 0, interestWaived: 0 },
        ],
      },
    });
  });
});

describe('arrearsOn', () => {
  it('is nothing on the due date itself', () => {
    expect(arrearsOn(freshLoan(), '2027-01-31')).toEqual({ amountOverdue: 0, daysInArrears: 0, instalmentsOverdue: 0 });
  });

  it('counts from the day after the oldest unpaid due date, and sums what every overdue instalment still owes', () => {
    const loan = freshLoan();
    loan.instalments[0] = { ...loan.instalments[0]!, interestPaid: kobo(10_000), principalPaid: kobo(60_000) };
    expect(arrearsOn(loan, '2027-02-01')).toEqual({ amountOverdue: 40_000, daysInArrears: 1, instalmentsOverdue: 1 });
    expect(arrearsOn(loan, '2027-03-10')).toEqual({ amountOverdue: 150_000, daysInArrears: 38, instalmentsOverdue: 2 });
  });

  it('ends when the instalment is paid', () => {
    const loan = freshLoan();
    loan.instalments[0] = { ...loan.instalments[0]!, interestPaid: kobo(10_000), principalPaid: kobo(100_000) };
    expect(arrearsOn(loan, '2027-02-15')).toEqual({ amountOverdue: 0, daysInArrears: 0, instalmentsOverdue: 0 });
  });
});

describe('positionAfter', () => {
  it('applies an allocation, and undoes it exactly with −1', () => {
    const loan = freshLoan();
    const outcome = allocateRepayment(loan, kobo(265_000), '2027-01-15');
    if (!outcome.ok) throw new Error(outcome.problem);
    const paid = positionAfter(loan, outcome.allocation);
    // ₦3,350 owed in all; ₦2,650 paid and ₦100 of interest waived leave ₦600.
    expect(outstandingTotal(paid)).toBe(60_000);
    expect(paid.instalments[2]).toMatchObject({ principalPaid: 100_000, interestPaid: 0, interestWaived: 10_000 });
    expect(positionAfter(paid, outcome.allocation, -1)).toEqual(loan);
  });
});

describe('splitRepayment', () => {
  it('places a deduction on the oldest loan first, the rest on the next', () => {
    const older = freshLoan('refuse');
    const newer = freshLoan();
    // On 2027-01-15 the older loan takes only what is due (₦1,150: it takes no early repayment); ₦350 goes to the newer.
    expect(splitRepayment([older, newer], kobo(150_000), '2027-01-15')).toEqual({
      ok: true,
      parts: [
        { index: 0, amount: 115_000, allocation: { fee: 5_000, lines: [{ number: 1, interest: 10_000, principal: 100_000, interestWaived: 0 }] } },
        { index: 1, amount: 35_000, allocation: { fee: 5_000, lines: [{ number: 1, interest: 10_000, principal: 20_000, interestWaived: 0 }] } },
      ],
    });
  });

  it('refuses more than all the loans can take, naming it, and a repayment with no loan', () => {
    // ₦1,150 due on the first + ₦3,150 payoff on the second.
    expect(splitRepayment([freshLoan('refuse'), freshLoan()], kobo(430_001), '2027-01-15')).toEqual({
      ok: false,
      problem: "This repayment is more than the ₦4,300.00 this member's loans can take",
    });
    expect(splitRepayment([freshLoan('refuse'), freshLoan()], kobo(430_000), '2027-01-15').ok).toBe(true);
    expect(splitRepayment([], kobo(100), '2027-01-15')).toEqual({ ok: false, problem: 'There is no active loan to repay' });
  });
});
