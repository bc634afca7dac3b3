import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import type { EarlyPaymentRule } from './products.ts';
import {
  allocateRepayment,
  instalmentOwed,
  outstandingPrincipal,
  outstandingTotal,
  payoffAmount,
  positionAfter,
  scheduleAsItStands,
  type LoanPosition,
  type RepaymentAllocation,
} from './repayments.ts';
import { loanSchedule, type InterestMethod } from './schedule.ts';

const kobo = (value: number) => value as Kobo;

/** A loan just paid out in `disbursedMonth`, as its schedule fixes it, nothing paid yet. */
function disbursed(
  terms: { principal: number; annualRateBp: number; months: number; method: InterestMethod },
  disbursedMonth: string,
  options: { fee?: number; earlyPayment?: EarlyPaymentRule } = {},
): LoanPosition {
  const { instalments } = loanSchedule({ ...terms, principal: kobo(terms.principal) }, disbursedMonth);
  return {
    feeOutstanding: kobo(options.fee ?? 0),
    overpayment: 'reduce_term',
    ...(options.earlyPayment ? { earlyPayment: options.earlyPayment } : {}),
    instalments: instalments.map((row) => ({
      number: row.number,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      principalPaid: kobo(0),
      interestPaid: kobo(0),
      interestWaived: kobo(0),
    })),
  };
}

function paid(position: LoanPosition, amount: number, valueDate: string): { after: LoanPosition; allocation: RepaymentAllocation } {
  const outcome = allocateRepayment(position, kobo(amount), valueDate);
  if (!outcome.ok) throw new Error(outcome.problem);
  return { after: positionAfter(position, outcome.allocation), allocation: outcome.allocation };
}

/** What the open instalments of the re-derived schedule add up to. */
function openTotal(position: LoanPosition): number {
  const schedule = scheduleAsItStands(position);
  return schedule.instalments.filter((_, index) => instalmentOwed(position.instalments[index]!) > 0).reduce((sum, row) => sum + row.total, 0);
}

/** COOPERATIVE.md's example: ₦120,000 at 12% flat for 12 months, 12 instalments of ₦11,200.00 (₦10,000 + ₦1,200). */
const cooperativeExample = { principal: 12_000_000, annualRateBp: 1200, months: 12, method: 'flat' as const };

describe('a payment before the first instalment is due (issue 26)', () => {
  it('pays instalment 1 in advance by default, interest as scheduled, and waives nothing', () => {
    // Paid out in November 2026: instalment 1 falls due on 31 December. The November deduction of ₦11,200:
    const loan = disbursed(cooperativeExample, '2026-11');
    const { after, allocation } = paid(loan, 1_120_000, '2026-11-25');
    expect(allocation).toEqual({ fee: 0, lines: [{ number: 1, interest: 120_000, principal: 1_000_000, interestWaived: 0 }] });
    expect(outstandingTotal(after)).toBe(12_320_000);
    expect(scheduleAsItStands(after).instalments.slice(0, 3)).toEqual([
      { number: 1, dueDate: '2026-12-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 11_000_000 },
      { number: 2, dueDate: '2027-01-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 10_000_000 },
      { number: 3, dueDate: '2027-02-28', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 9_000_000 },
    ]);
  });

  it('pays the next instalments in order, interest first, and the whole loan only with all its interest', () => {
    // ₦25,000 in November: instalments 1 and 2 (₦11,200 each), then ₦1,200 interest and ₦1,400 principal of 3.
    const loan = disbursed(cooperativeExample, '2026-11', { earlyPayment: 'pay_ahead' });
    expect(paid(loan, 2_500_000, '2026-11-25').allocation.lines).toEqual([
      { number: 1, interest: 120_000, principal: 1_000_000, interestWaived: 0 },
      { number: 2, interest: 120_000, principal: 1_000_000, interestWaived: 0 },
      { number: 3, interest: 120_000, principal: 140_000, interestWaived: 0 },
    ]);
    expect(payoffAmount(loan, '2026-11-25')).toBe(13_440_000);
    expect(allocateRepayment(loan, kobo(13_440_001), '2026-11-25')).toEqual({ ok: false, problem: 'This repayment is more than the ₦134,400.00 outstanding' });
  });

  it('shortens the term when the product says so: principal from the last instalment, whose interest is then not owed', () => {
    const loan = disbursed(cooperativeExample, '2026-11', { earlyPayment: 'reduce_term' });
    const { after, allocation } = paid(loan, 1_120_000, '2026-11-25');
    expect(allocation.lines).toEqual([
      { number: 11, interest: 0, principal: 120_000, interestWaived: 0 },
      { number: 12, interest: 0, principal: 1_000_000, interestWaived: 120_000 },
    ]);
    // ₦134,400 − ₦11,200 paid − ₦1,200 interest no longer owed.
    expect(outstandingTotal(after)).toBe(12_200_000);
    expect(openTotal(after)).toBe(12_200_000);
    expect(scheduleAsItStands(after).instalments.slice(10)).toEqual([
      { number: 11, dueDate: '2027-10-31', principal: 880_000, interest: 120_000, total: 1_000_000, principalAfter: 0 },
      { number: 12, dueDate: '2027-11-30', principal: 1_000_000, interest: 0, total: 1_000_000, principalAfter: 0 },
    ]);
  });

  it('lowers every instalment ahead when the product says so, keeping their number', () => {
    // ₦24,000 early on ₦120,000 of principal ahead: each of the 12 instalments loses a fifth, principal and interest alike.
    const loan = disbursed(cooperativeExample, '2026-11', { earlyPayment: 'reduce_instalment' });
    const { after, allocation } = paid(loan, 2_400_000, '2026-11-25');
    expect(allocation.lines).toHaveLength(12);
    expect(allocation.lines[0]).toEqual({ number: 1, interest: 0, principal: 200_000, interestWaived: 24_000 });
    expect(scheduleAsItStands(after).instalments[0]).toEqual({ number: 1, dueDate: '2026-12-31', principal: 800_000, interest: 96_000, total: 896_000, principalAfter: 8_800_000 });
    expect(scheduleAsItStands(after).monthlyInstalment).toBe(896_000);
    // 12 × ₦8,960.
    expect(outstandingTotal(after)).toBe(10_752_000);
    expect(openTotal(after)).toBe(10_752_000);
  });

  it('puts the odd kobo of a lowered instalment on the last ones, one each', () => {
    // ₦3,000 flat over three months at 12%: ₦1,000 + ₦30 interest each. ₦1,000.01 early: a third of each, rounded
    // down (₦333.33 of principal, ₦10.00 of interest waived), and the two odd kobo on instalments 3 and 2.
    const loan = disbursed({ principal: 300_000, annualRateBp: 1200, months: 3, method: 'flat' }, '2026-11', { earlyPayment: 'reduce_instalment' });
    expect(paid(loan, 100_001, '2026-11-25').allocation.lines).toEqual([
      { number: 1, interest: 0, principal: 33_333, interestWaived: 1_000 },
      { number: 2, interest: 0, principal: 33_334, interestWaived: 1_000 },
      { number: 3, interest: 0, principal: 33_334, interestWaived: 1_000 },
    ]);
    // The principal ahead, paid in full, owes no interest: the payoff is principal only.
    expect(payoffAmount(loan, '2026-11-25')).toBe(300_000);
    expect(outstandingTotal(paid(loan, 300_000, '2026-11-25').after)).toBe(0);
  });
});

describe('a same-day repayment (issue 26)', () => {
  it('leaves the re-derived schedule adding up to the position: ₦12,000 at 12% flat over 12 months, ₦1,120 paid on the payout day', () => {
    const loan = disbursed({ principal: 1_200_000, annualRateBp: 1200, months: 12, method: 'flat' }, '2026-11');
    const { after } = paid(loan, 112_000, '2026-11-10');
    expect(outstandingTotal(after)).toBe(1_232_000);
    expect(openTotal(after)).toBe(1_232_000);
    expect(scheduleAsItStands(after)).toMatchObject({ monthlyInstalment: 112_000, totalInterest: 144_000, totalRepayable: 1_344_000 });
  });
});

describe('scheduleAsItStands', () => {
  it('shows a paid instalment as what it took and an open one as what it still owes', () => {
    // Instalment 1 (₦1,000 + ₦100) part paid: ₦100 interest and ₦400 principal.
    const loan = disbursed({ principal: 300_000, annualRateBp: 4000, months: 3, method: 'flat' }, '2026-12');
    const { after } = paid(loan, 50_000, '2027-01-10');
    expect(scheduleAsItStands(after).instalments[0]).toEqual({ number: 1, dueDate: '2027-01-31', principal: 60_000, interest: 0, total: 60_000, principalAfter: 200_000 });
    const { after: settled } = paid(after, 60_000, '2027-01-20');
    expect(scheduleAsItStands(settled).instalments[0]).toEqual({ number: 1, dueDate: '2027-01-31', principal: 100_000, interest: 10_000, total: 110_000, principalAfter: 200_000 });
  });
});

/** Where the re-derived schedule and the position disagree, or the database's checks on loan_instalments would refuse. */
function disagreements(position: LoanPosition): string[] {
  const problems: string[] = [];
  const broken = position.instalments.filter(
    (row) => row.principalPaid < 0 || row.principalPaid > row.principal || row.interestPaid < 0 || row.interestWaived < 0 || row.interestPaid + row.interestWaived > row.interest,
  );
  if (broken.length > 0) problems.push(`instalments ${broken.map((row) => row.number).join(', ')} out of bounds`);
  const schedule = scheduleAsItStands(position);
  const open = schedule.instalments.filter((_, index) => instalmentOwed(position.instalments[index]!) > 0);
  const openSum = open.reduce((sum, row) => sum + row.total, 0);
  if (position.feeOutstanding + openSum !== outstandingTotal(position)) problems.push(`open ${openSum} + fee ${position.feeOutstanding} ≠ outstanding ${outstandingTotal(position)}`);
  const openPrincipal = open.reduce((sum, row) => sum + row.principal, 0);
  if (openPrincipal !== outstandingPrincipal(position)) problems.push(`open principal ${openPrincipal} ≠ ${outstandingPrincipal(position)}`);
  if (schedule.instalments.at(-1)?.principalAfter !== 0) problems.push('the last instalment leaves principal owed');
  return problems;
}

describe('the re-derived schedule always adds up to the position', () => {
  it('after any run of repayments and reversals, under every rule and method', () => {
    const terms = fc.record({
      principal: fc.integer({ min: 100, max: 5_000_000_000 }),
      annualRateBp: fc.integer({ min: 0, max: 6000 }),
      months: fc.integer({ min: 1, max: 36 }),
      method: fc.constantFrom<InterestMethod>('flat', 'reducing'),
    });
    const step = fc.record({ isReversal: fc.boolean(), share: fc.double({ min: 0, max: 1, noNaN: true }), monthsOn: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(
        terms,
        fc.integer({ min: 0, max: 500_000 }),
        fc.constantFrom<EarlyPaymentRule>('pay_ahead', 'reduce_term', 'reduce_instalment'),
        fc.array(step, { maxLength: 25 }),
        (loanTerms, fee, earlyPayment, steps) => {
          let position = disbursed(loanTerms, '2026-11', { fee, earlyPayment });
          const posted: { before: LoanPosition; allocation: RepaymentAllocation }[] = [];
          const problems: string[] = [];
          let month = 11;
          for (const { isReversal, share, monthsOn } of steps) {
            month += monthsOn;
            const valueDate = `${2026 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-15`;
            const last = isReversal ? posted.pop() : undefined;
            if (last) {
              // Newest first, as the API undoes them; undone, the loan is exactly where it was.
              position = positionAfter(position, last.allocation, -1);
              if (JSON.stringify(position) !== JSON.stringify(last.before)) problems.push(`reversal on ${valueDate} did not restore the loan`);
            } else {
              const most = payoffAmount(position, valueDate);
              if (most === 0) continue;
              const amount = Math.max(1, Math.floor(most * share));
              const outcome = allocateRepayment(position, kobo(amount), valueDate);
              if (!outcome.ok) {
                problems.push(`${amount} refused on ${valueDate}: ${outcome.problem}`);
                break;
              }
              const paidIn = outcome.allocation.fee + outcome.allocation.lines.reduce((sum, line) => sum + line.interest + line.principal, 0);
              if (paidIn !== amount) problems.push(`${amount} allocated as ${paidIn}`);
              posted.push({ before: position, allocation: outcome.allocation });
              position = positionAfter(position, outcome.allocation);
            }
            problems.push(...disagreements(position).map((problem) => `${valueDate}: ${problem}`));
          }
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);
});
