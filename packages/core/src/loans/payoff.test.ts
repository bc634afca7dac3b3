import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import { payoffQuote } from './payoff.ts';
import { restructurePlan } from './restructure.ts';
import type { InstalmentPosition } from './repayments.ts';
import { loanSchedule } from './schedule.ts';

/**
 * COOPERATIVE.md "Loans": ₦120,000 at 12% flat for 12 months is 12 instalments of ₦11,200.00
 * (₦10,000.00 principal + ₦1,200.00 interest), disbursed in January 2026: the first falls due
 * 28 Feb 2026, the fourth 31 May 2026, the last 31 Jan 2027. The first three are paid.
 */
function afterThreePaid(): InstalmentPosition[] {
  return loanSchedule({ principal: 12_000_000 as Kobo, annualRateBp: 1200, months: 12, method: 'flat' }, '2026-01').instalments.map((row) => ({
    number: row.number,
    dueDate: row.dueDate,
    principal: row.principal,
    interest: row.interest,
    principalPaid: (row.number <= 3 ? row.principal : 0) as Kobo,
    interestPaid: (row.number <= 3 ? row.interest : 0) as Kobo,
    interestWaived: 0 as Kobo,
  }));
}

describe('payoffQuote', () => {
  it('₦120,000 at 12% flat, 3 of 12 paid, quoted 15 May 2026: ₦90,000 principal + ₦1,200 interest (May begun) = ₦91,200', () => {
    // By hand: principal left 9 × ₦10,000 = ₦90,000.00; May's instalment (due 31 May) is owed from
    // 1 May, so its ₦1,200.00 interest is owed; June to January's 8 × ₦1,200 = ₦9,600 is waived.
    const quote = payoffQuote({ feeOutstanding: 0 as Kobo, instalments: afterThreePaid() }, '2026-05-15' as IsoDate);
    expect(quote).toMatchObject({ principalKobo: 9_000_000, interestKobo: 120_000, feeKobo: 0, penaltyKobo: 0, totalKobo: 9_120_000, validUntil: '2026-05-15' });
    expect(quote.allocation.fee).toBe(0);
    expect(quote.allocation.lines.map((line) => [line.number, line.principal, line.interest, line.interestWaived])).toEqual([
      [4, 1_000_000, 120_000, 0],
      ...[5, 6, 7, 8, 9, 10, 11, 12].map((number) => [number, 1_000_000, 0, 120_000]),
    ]);
    expect(quote.allocation).not.toHaveProperty('penalty');
  });

  it('adds the fee still owed and penalties: ₦90,000 + ₦1,200 + ₦1,200 fee + ₦672 penalties = ₦93,072', () => {
    const quote = payoffQuote({ feeOutstanding: 120_000 as Kobo, instalments: afterThreePaid() }, '2026-05-31' as IsoDate, 67_200);
    expect(quote).toMatchObject({ principalKobo: 9_000_000, interestKobo: 120_000, feeKobo: 120_000, penaltyKobo: 67_200, totalKobo: 9_307_200, validUntil: '2026-05-31' });
    expect(quote.allocation.penalty).toBe(67_200);
  });

  it('a quote on 1 June owes June’s interest too: ₦90,000 + ₦2,400 = ₦92,400', () => {
    expect(payoffQuote({ feeOutstanding: 0 as Kobo, instalments: afterThreePaid() }, '2026-06-01' as IsoDate).totalKobo).toBe(9_240_000);
  });

  it('takes the penalties the loan carries when none are given', () => {
    expect(payoffQuote({ feeOutstanding: 0 as Kobo, instalments: afterThreePaid(), penaltyOutstanding: 22_400 as Kobo }, '2026-05-15' as IsoDate).totalKobo).toBe(9_142_400);
  });
});

describe('restructurePlan', () => {
  const terms = { annualRateBp: 1200, method: 'flat' as const };

  it('₦90,000 left over 18 months from 15 May 2026: 18 × (₦5,000 + ₦900), May’s unpaid ₦1,200 interest carried onto the first', () => {
    // By hand: 90,000 × 12% × 18 ÷ 12 = ₦16,200 interest, ₦900 a month; principal ₦5,000 a month.
    const outcome = restructurePlan({ instalments: afterThreePaid() }, terms, { months: 18 }, '2026-05-15' as IsoDate);
    if (!outcome.ok) throw new Error(outcome.problem);
    const { plan } = outcome;
    expect(plan).toMatchObject({ months: 18, principalKobo: 9_000_000, carriedInterestKobo: 120_000, monthlyInstalmentKobo: 590_000, closed: [] });
    expect(plan.removed).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(plan.added).toHaveLength(18);
    expect(plan.added[0]).toEqual({ number: 4, dueDate: '2026-06-30', principal: 500_000, interest: 210_000 });
    expect(plan.added[1]).toEqual({ number: 5, dueDate: '2026-07-31', principal: 500_000, interest: 90_000 });
    expect(plan.added[17]).toEqual({ number: 21, dueDate: '2027-11-30', principal: 500_000, interest: 90_000 });
  });

  it('an instalment of at most ₦7,000 gives 15 months: ₦6,000 + ₦900 = ₦6,900 (14 months would be ₦7,328.57)', () => {
    const outcome = restructurePlan({ instalments: afterThreePaid() }, terms, { instalmentKobo: 700_000 as Kobo }, '2026-05-15' as IsoDate);
    expect(outcome.ok && [outcome.plan.months, outcome.plan.monthlyInstalmentKobo]).toEqual([15, 690_000]);
  });

  it('closes a part-paid instalment at what was paid and keeps its number', () => {
    const rows = afterThreePaid().map((row) => (row.number === 4 ? { ...row, interestPaid: 120_000 as Kobo, principalPaid: 300_000 as Kobo } : row));
    const outcome = restructurePlan({ instalments: rows }, terms, { months: 7 }, '2026-05-15' as IsoDate);
    if (!outcome.ok) throw new Error(outcome.problem);
    // ₦87,000 left; nothing due unpaid (May's interest was paid); 87,000 × 12% × 7 ÷ 12 = ₦6,090.
    expect(outcome.plan.closed).toEqual([expect.objectContaining({ number: 4, principal: 300_000, interest: 120_000 })]);
    expect(outcome.plan).toMatchObject({ principalKobo: 8_700_000, carriedInterestKobo: 0, months: 7 });
    expect(outcome.plan.added[0]?.number).toBe(5);
    expect(outcome.plan.added.reduce((sum, row) => sum + row.interest, 0)).toBe(609_000);
  });

  it('refuses an instalment too small to repay within 120 months', () => {
    expect(restructurePlan({ instalments: afterThreePaid() }, terms, { instalmentKobo: 90_000 as Kobo }, '2026-05-15' as IsoDate)).toEqual({ ok: false, problem: 'instalment_too_small' });
  });
});

describe('restructurePlan of a murabaha', () => {
  it('spreads the unpaid markup evenly, adding and forgiving none: ₦210,000 + ₦31,500 markup left over 6 months', () => {
    // COOPERATIVE.md: ₦300,000 at 15% markup, 10 × ₦34,500 (₦30,000 + ₦4,500); 3 paid leave 7 × ₦4,500 = ₦31,500.
    const rows = loanSchedule({ principal: 30_000_000 as Kobo, annualRateBp: 0, months: 10, method: 'flat', markupBp: 1500 }, '2026-01').instalments.map((row) => ({
      number: row.number,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      principalPaid: (row.number <= 3 ? row.principal : 0) as Kobo,
      interestPaid: (row.number <= 3 ? row.interest : 0) as Kobo,
      interestWaived: 0 as Kobo,
    }));
    const outcome = restructurePlan({ instalments: rows }, { annualRateBp: 0, method: 'flat', isFixedCharge: true }, { months: 6 }, '2026-04-15' as IsoDate);
    if (!outcome.ok) throw new Error(outcome.problem);
    // ₦210,000 ÷ 6 = ₦35,000; ₦31,500 ÷ 6 = ₦5,250 a month.
    expect(outcome.plan).toMatchObject({ principalKobo: 21_000_000, carriedInterestKobo: 3_150_000 });
    expect(outcome.plan.added.map((row) => [row.principal, row.interest])).toEqual(Array.from({ length: 6 }, () => [3_500_000, 525_000]));
  });
});
