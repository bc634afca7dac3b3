import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import { borrowerLien, formatMultiple, loanFee, loanLimitProblem, maxLoanFor, type LoanProductRules } from './products.ts';

const kobo = (value: number) => value as Kobo;

const staffLoan: LoanProductRules = {
  name: 'Staff Loan',
  method: 'flat',
  annualRateBp: 1000,
  maxMonths: 12,
  savingsMultiple: 200,
  maxAmount: kobo(50_000_000),
  guarantorsRequired: 1,
  fee: { kind: 'percent', basisPoints: 100 },
  overpayment: 'reduce_term',
  earlyPayment: 'pay_ahead',
};

describe('loanLimitProblem', () => {
  it('accepts an application within the term, the cap and twice the savings', () => {
    expect(loanLimitProblem(staffLoan, { amount: kobo(20_000_000), months: 12 }, kobo(10_000_000))).toBeNull();
  });

  it.each([
    [{ amount: 1_000_000, months: 13 }, 10_000_000, 'The longest term Staff Loan allows is 12 months'],
    [{ amount: 50_000_001, months: 6 }, 90_000_000, 'Staff Loan lends at most ₦500,000.00'],
    [{ amount: 20_000_001, months: 6 }, 10_000_000, 'At most ₦200,000.00 can be borrowed: 2× savings of ₦100,000.00'],
    [{ amount: 1, months: 6 }, 0, 'At most ₦0.00 can be borrowed: 2× savings of ₦0.00'],
  ])('refuses %o with savings of %i kobo: %s', (application, savings, message) => {
    expect(loanLimitProblem(staffLoan, { amount: kobo(application.amount), months: application.months }, kobo(savings))).toBe(message);
  });
});

describe('what is already borrowed', () => {
  it('comes off the multiple: two loans never borrow the same savings twice', () => {
    // ₦100,000 saved at 2× supports ₦200,000; ₦150,000 is already owed or asked for.
    expect(maxLoanFor(staffLoan, kobo(10_000_000), 15_000_000)).toBe(5_000_000);
    expect(loanLimitProblem(staffLoan, { amount: kobo(5_000_000), months: 6 }, kobo(10_000_000), 15_000_000)).toBeNull();
    expect(loanLimitProblem(staffLoan, { amount: kobo(5_000_001), months: 6 }, kobo(10_000_000), 15_000_000)).toBe(
      'At most ₦50,000.00 can be borrowed: 2× savings of ₦100,000.00, less ₦150,000.00 already borrowed',
    );
    // Owing more than the savings support leaves nothing, never less than nothing.
    expect(maxLoanFor(staffLoan, kobo(10_000_000), 25_000_000)).toBe(0);
  });
});

describe('the arithmetic of a product', () => {
  it('lends the lesser of the multiple and the cap', () => {
    expect(maxLoanFor(staffLoan, kobo(10_000_000))).toBe(20_000_000);
    expect(maxLoanFor(staffLoan, kobo(40_000_000))).toBe(50_000_000);
    expect(maxLoanFor({ savingsMultiple: 150, maxAmount: kobo(1_000_000_000) }, kobo(333))).toBe(499);
  });

  it('charges a percentage fee to the nearest kobo, or a fixed one', () => {
    expect(loanFee({ kind: 'percent', basisPoints: 100 }, kobo(12_345_650))).toBe(123_457);
    expect(loanFee({ kind: 'percent', basisPoints: 250 }, kobo(100_000_000_000_000))).toBe(2_500_000_000_000);
    expect(loanFee({ kind: 'fixed', amount: kobo(200_000) }, kobo(1))).toBe(200_000);
    expect(loanFee(null, kobo(1_000_000))).toBe(0);
  });

  it("holds outstanding principal ÷ the multiple of the borrower's savings, rounded up", () => {
    expect(borrowerLien(kobo(20_000_000), 200)).toBe(10_000_000);
    expect(borrowerLien(kobo(100_001), 200)).toBe(50_001);
    expect(borrowerLien(kobo(100), 300)).toBe(34);
    expect(borrowerLien(kobo(0), 200)).toBe(0);
    expect(borrowerLien(kobo(100_000_000_000_000), 150)).toBe(66_666_666_666_667);
  });

  it('names the multiple as people say it', () => {
    expect(formatMultiple(200)).toBe('2×');
    expect(formatMultiple(150)).toBe('1.5×');
  });
});
