import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import type { Kobo } from '../money.ts';
import { LOAN_CHARGE_LABELS, formatCharityRule, loanChargeHeading, loanChargeLabels, productChargeLabel } from './labels.ts';
import { loanProductSchema } from './product-schema.ts';
import { loanFee } from './products.ts';
import { loanSchedule, murabahaMarkup } from './schedule.ts';

/** Issue 33, "Products without interest" (COOPERATIVE.md's worked figures; docs/decisions/056). */

const base = { name: 'Generator Murabaha', maxMonths: '12', savingsMultiple: '2', maxAmount: '1,000,000', guarantorsRequired: '0' };

describe('a murabaha schedule', () => {
  it('sells a ₦300,000 generator at 15% markup for ₦345,000 in 10 instalments of ₦34,500 (₦30,000 + ₦4,500 markup)', () => {
    const schedule = loanSchedule({ principal: 30_000_000 as Kobo, annualRateBp: 0, months: 10, method: 'flat', markupBp: 1_500 }, '2026-11');
    expect(murabahaMarkup(30_000_000, 1_500)).toBe(4_500_000);
    expect(schedule.totalInterest).toBe(4_500_000);
    expect(schedule.totalRepayable).toBe(34_500_000);
    expect(schedule.monthlyInstalment).toBe(3_450_000);
    expect(schedule.instalments).toHaveLength(10);
    for (const instalment of schedule.instalments) {
      expect([instalment.principal, instalment.interest, instalment.total]).toEqual([3_000_000, 450_000, 3_450_000]);
    }
    expect(schedule.instalments[0]).toMatchObject({ number: 1, dueDate: '2026-12-31', principalAfter: 27_000_000 });
    expect(schedule.instalments[9]).toMatchObject({ number: 10, dueDate: '2027-09-30', principalAfter: 0 });
  });

  it('is fixed for the term, not a year: the same 15% over 3 months is still ₦45,000, the last instalment absorbing the rounding', () => {
    const schedule = loanSchedule({ principal: 30_000_000 as Kobo, annualRateBp: 0, months: 7, method: 'flat', markupBp: 1_500 }, '2026-11');
    expect(schedule.totalInterest).toBe(4_500_000);
    // ₦300,000 ÷ 7 = ₦42,857.14 a month, the last ₦42,857.16; ₦45,000 ÷ 7 = ₦6,428.57, the last ₦6,428.58.
    expect(schedule.instalments.slice(0, 6).every((instalment) => instalment.principal === 4_285_714 && instalment.interest === 642_857)).toBe(true);
    expect(schedule.instalments[6]).toMatchObject({ principal: 4_285_716, interest: 642_858, total: 4_928_574, principalAfter: 0 });
  });
});

describe('a qard hasan', () => {
  it('repays the principal alone in equal instalments, with its one fixed administrative fee of ₦2,000', () => {
    const rules = loanProductSchema.parse({ ...base, name: 'Qard Hasan', kind: 'qard_hasan', feeKind: 'fixed', feeValue: '2,000' });
    expect(rules).toMatchObject({ kind: 'qard_hasan', annualRateBp: 0, method: 'flat', markupBp: null, fee: { kind: 'fixed', amount: 200_000 } });
    expect(loanFee(rules.fee, 12_000_000 as Kobo)).toBe(200_000);
    const schedule = loanSchedule({ principal: 12_000_000 as Kobo, annualRateBp: rules.annualRateBp, months: 12, method: rules.method, markupBp: rules.markupBp ?? null }, '2026-11');
    expect(schedule.totalInterest).toBe(0);
    expect(schedule.totalRepayable).toBe(12_000_000);
    expect(schedule.instalments.every((instalment) => instalment.total === 1_000_000 && instalment.interest === 0)).toBe(true);
  });
});

describe('the product form for products without interest', () => {
  it('reads a murabaha: markup in % of the cost, no rate, a late-payment charity donation', () => {
    expect(loanProductSchema.parse({ ...base, kind: 'murabaha', markup: '15', charityKind: 'percent', charityValue: '2' })).toMatchObject({
      kind: 'murabaha',
      method: 'flat',
      annualRateBp: 0,
      markupBp: 1_500,
      lateCharity: { kind: 'percent', basisPoints: 200 },
    });
  });

  it.each([
    [{ kind: 'qard_hasan', annualRate: '5' }, 'annualRate', MESSAGES.loanRateNotAllowed],
    [{ kind: 'murabaha', markup: '15', annualRate: '12' }, 'annualRate', MESSAGES.loanRateNotAllowed],
    [{ kind: 'qard_hasan', feeKind: 'percent', feeValue: '1' }, 'feeKind', MESSAGES.qardHasanFeeFixedOnly],
    [{ kind: 'murabaha' }, 'markup', MESSAGES.loanMarkupInvalid],
    [{ kind: 'murabaha', markup: '0' }, 'markup', MESSAGES.loanMarkupInvalid],
    [{ kind: 'murabaha', markup: '100.01' }, 'markup', MESSAGES.loanMarkupInvalid],
    [{ kind: 'murabaha', markup: '15', charityKind: 'percent', charityValue: '0' }, 'charityValue', MESSAGES.loanCharityPercentInvalid],
    [{ kind: 'murabaha', markup: '15', charityKind: 'gift', charityValue: '1' }, 'charityKind', MESSAGES.loanCharityKindInvalid],
    [{ kind: 'qard_hasan', charityKind: 'fixed', charityValue: '500' }, 'charityKind', MESSAGES.loanCharityMurabahaOnly],
    [{ kind: 'riba' }, 'kind', MESSAGES.chooseLoanKind],
  ])('refuses %o on %s', (fields, path, message) => {
    const result = loanProductSchema.safeParse({ ...base, ...fields });
    expect(result.success).toBe(false);
    expect(result.error?.issues.filter((issue) => issue.path[0] === path).map((issue) => issue.message)).toEqual([message]);
  });
});

describe('the words for what a loan charges', () => {
  it('say "markup" or "fee", never "interest", for a loan without interest', () => {
    expect(LOAN_CHARGE_LABELS).toEqual({ interest: 'Interest', murabaha: 'Markup', qard_hasan: 'Fee' });
    const murabaha = productChargeLabel({ kind: 'murabaha', markupBp: 1_500, annualRateBp: 0, method: 'flat' });
    expect(murabaha).toEqual({ label: 'Markup', value: '15% on the cost price, fixed at the start' });
    const qard = productChargeLabel({ kind: 'qard_hasan', markupBp: null, annualRateBp: 0, method: 'flat' });
    expect(`${murabaha.label} ${murabaha.value} ${qard.label} ${qard.value}`).not.toMatch(/interest/i);
    expect(formatCharityRule({ kind: 'fixed', amount: 50_000 as Kobo })).toBe('₦500.00, to charity');
  });
});

describe("a loan's charge on a statement of several loans (a leaver's)", () => {
  it("is headed by every kind present, and each line by its own word", () => {
    expect(loanChargeHeading(['interest', undefined])).toBe('Interest');
    expect(loanChargeHeading(['murabaha'])).toBe('Markup');
    expect(loanChargeHeading(['interest', 'murabaha', 'qard_hasan'])).toBe('Interest or markup or fee');
    expect(loanChargeHeading([])).toBe('Interest');
    expect(loanChargeLabels('murabaha').toDate).toBe('Markup to date');
  });
});
