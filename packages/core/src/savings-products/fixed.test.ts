import { describe, expect, it } from 'vitest';
import { addMonths, breakPenalty, fixedDepositTerms, hasMatured, maturityAmount, maturityInterest, termMonthsOf } from './fixed.ts';
import { christmas, fixedDeposit } from './test-products.ts';

describe('months added to a day', () => {
  it.each([
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-31', 6, '2027-06-30'],
    ['2026-08-31', 4, '2026-12-31'],
    ['2026-11-26', 12, '2027-11-26'],
    ['2026-11-15', 120, '2036-11-15'],
  ])('%s + %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('a fixed deposit’s terms', () => {
  it('take the product’s term and rate, maturing that many months after opening', () => {
    expect(fixedDepositTerms(fixedDeposit, 10_000_000, '2026-12-31')).toEqual({
      principalKobo: 10_000_000,
      openedOn: '2026-12-31',
      maturesOn: '2027-06-30',
      annualRateBp: 1_200,
    });
  });

  it('take the member’s own term when they choose one', () => {
    expect(fixedDepositTerms(fixedDeposit, 25_000_000, '2027-01-31', 1).maturesOn).toBe('2027-02-28');
  });

  it('keep the term: the months from opening to maturity', () => {
    expect(termMonthsOf({ openedOn: '2027-01-31', maturesOn: '2027-02-28' })).toBe(1);
    expect(termMonthsOf({ openedOn: '2026-12-31', maturesOn: '2027-06-30' })).toBe(6);
  });

  it('are refused for another kind, no principal or a term beyond 120 months', () => {
    expect(() => fixedDepositTerms(christmas, 10_000_000, '2026-12-01')).toThrow(RangeError);
    expect(() => fixedDepositTerms(fixedDeposit, 0, '2026-12-01')).toThrow(RangeError);
    expect(() => fixedDepositTerms(fixedDeposit, 10_000_000, '2026-12-01', 121)).toThrow(RangeError);
    expect(() => fixedDepositTerms(fixedDeposit, 10_000_000, '2026-12-01', 0)).toThrow(RangeError);
  });
});

describe('interest at maturity', () => {
  it('is principal × rate × months ÷ 12: ₦100,000 at 12% for 6 months is ₦6,000.00', () => {
    const terms = { principalKobo: 10_000_000, openedOn: '2026-12-31', maturesOn: '2027-06-30', annualRateBp: 1_200 };
    expect(maturityInterest(terms)).toBe(600_000);
    expect(maturityAmount(terms)).toBe(10_600_000);
  });

  it('₦250,000 at 10.5% for 9 months is ₦19,687.50', () => {
    expect(maturityInterest({ principalKobo: 25_000_000, openedOn: '2027-01-15', maturesOn: '2027-10-15', annualRateBp: 1_050 })).toBe(1_968_750);
  });

  it('is rounded half up to the kobo', () => {
    // ₦1,000.05 at 10% for 1 month: 100,005 × 1,000 ÷ 120,000 = 833.375 kobo → 833; ₦1,000.20: 833.5 → 834.
    expect(maturityInterest({ principalKobo: 100_005, openedOn: '2027-01-01', maturesOn: '2027-02-01', annualRateBp: 1_000 })).toBe(833);
    expect(maturityInterest({ principalKobo: 100_020, openedOn: '2027-01-01', maturesOn: '2027-02-01', annualRateBp: 1_000 })).toBe(834);
  });

  it('stays exact for ₦1 trillion at 100% for 120 months', () => {
    expect(maturityInterest({ principalKobo: 100_000_000_000_000, openedOn: '2026-01-01', maturesOn: '2036-01-01', annualRateBp: 10_000 })).toBe(1_000_000_000_000_000);
  });
});

describe('breaking a deposit early', () => {
  const terms = { principalKobo: 10_000_000, openedOn: '2026-12-31', maturesOn: '2027-06-30', annualRateBp: 1_200 };

  it('costs the product’s penalty on the principal before maturity: 2% of ₦100,000 is ₦2,000.00', () => {
    expect(hasMatured(terms, '2027-06-29')).toBe(false);
    expect(breakPenalty(fixedDeposit, terms, '2027-06-29')).toBe(200_000);
  });

  it('costs nothing from the maturity day', () => {
    expect(hasMatured(terms, '2027-06-30')).toBe(true);
    expect(breakPenalty(fixedDeposit, terms, '2027-06-30')).toBe(0);
  });

  it('costs at most the principal', () => {
    expect(breakPenalty({ penalty: { kind: 'fixed', kobo: 20_000_000 } }, terms, '2027-01-31')).toBe(10_000_000);
  });
});
