import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import { formatPenaltyRule, penaltyCharges, type LoanPenaltyRule, type PenaltyCharge, type PenaltyInstalment } from './penalties.ts';
import { allocateRepayment, type LoanPosition } from './repayments.ts';

/** COOPERATIVE.md: 2% of the overdue amount per month overdue, past a 7-day grace, capped at 10% of the instalment. */
const BYLAWS: LoanPenaltyRule = { kind: 'percent', value: 200, frequency: 'monthly', graceDays: 7, cap: { kind: 'percent', basisPoints: 1_000 }, order: 'first' };
/** An ₦11,200 instalment due on 31 December 2026, nothing paid. */
const DECEMBER: PenaltyInstalment = { number: 1, dueDate: '2026-12-31', amount: 1_120_000 as Kobo, payments: [] };

const total = (charges: readonly PenaltyCharge[]) => charges.reduce((sum, charge) => sum + charge.amount, 0);

describe('penaltyCharges', () => {
  it('charges ₦224.00 a month on an ₦11,200 instalment past a 7-day grace: ₦672.00 over three months', () => {
    expect(penaltyCharges([DECEMBER], BYLAWS, '2027-01-07')).toEqual([]);
    const three = penaltyCharges([DECEMBER], BYLAWS, '2027-03-08');
    expect(three).toEqual([
      { instalment: 1, chargeNumber: 1, chargeDate: '2027-01-08', amount: 22_400 },
      { instalment: 1, chargeNumber: 2, chargeDate: '2027-02-08', amount: 22_400 },
      { instalment: 1, chargeNumber: 3, chargeDate: '2027-03-08', amount: 22_400 },
    ]);
    expect(total(three)).toBe(67_200);
  });

  it('stops at the cap, 10% of the instalment (₦1,120.00), after five months', () => {
    const year = penaltyCharges([DECEMBER], BYLAWS, '2027-12-31');
    expect(year).toHaveLength(5);
    expect(year.at(-1)).toEqual({ instalment: 1, chargeNumber: 5, chargeDate: '2027-05-08', amount: 22_400 });
    expect(total(year)).toBe(112_000);
    // A cap of ₦1,000.00 cuts the fifth charge to what it leaves: ₦104.00.
    const capped = penaltyCharges([DECEMBER], { ...BYLAWS, cap: { kind: 'amount', amount: 100_000 as Kobo } }, '2027-12-31');
    expect(capped.map((charge) => charge.amount)).toEqual([22_400, 22_400, 22_400, 22_400, 10_400]);
  });

  it('takes the percentage of what is still overdue on the day, and charges nothing once it is paid', () => {
    const partPaid = { ...DECEMBER, payments: [{ date: '2027-01-20' as IsoDate, amount: 620_000 as Kobo }] };
    // 2% of ₦11,200 on 8 January; 2% of the ₦5,000 left on 8 February.
    expect(penaltyCharges([partPaid], BYLAWS, '2027-02-08').map((charge) => charge.amount)).toEqual([22_400, 10_000]);
    const paid = { ...DECEMBER, payments: [{ date: '2027-01-05' as IsoDate, amount: 1_120_000 as Kobo }] };
    expect(penaltyCharges([paid], BYLAWS, '2027-12-31')).toEqual([]);
  });

  it('charges a flat amount once, and nothing without a rule', () => {
    const flat: LoanPenaltyRule = { kind: 'flat', value: 50_000, frequency: 'once', graceDays: 0, cap: null, order: 'first' };
    expect(penaltyCharges([DECEMBER], flat, '2027-06-30')).toEqual([{ instalment: 1, chargeNumber: 1, chargeDate: '2027-01-01', amount: 50_000 }]);
    expect(penaltyCharges([DECEMBER], null, '2027-06-30')).toEqual([]);
    expect(formatPenaltyRule(BYLAWS)).toBe("2% of the overdue amount a month after 7 days' grace, capped at 10% of the instalment");
    expect(formatPenaltyRule(flat)).toBe('₦500.00 once');
  });

  it('is the same however often it is asked, and a later day only adds charges after the earlier ones (the job run twice posts once)', () => {
    const rule = fc.record({
      kind: fc.constantFrom('flat' as const, 'percent' as const),
      value: fc.integer({ min: 1, max: 10_000 }),
      frequency: fc.constantFrom('once' as const, 'monthly' as const),
      graceDays: fc.integer({ min: 0, max: 40 }),
      cap: fc.option(fc.oneof(fc.record({ kind: fc.constant('amount' as const), amount: fc.integer({ min: 1, max: 200_000 }).map((value) => value as Kobo) }), fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 1, max: 10_000 }) })), { nil: null }),
      order: fc.constant('first' as const),
    });
    const day = fc.integer({ min: 0, max: 700 }).map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10) as IsoDate);
    const instalments = fc.array(
      fc.record({ amount: fc.integer({ min: 1, max: 5_000_000 }), due: day, paid: fc.array(fc.record({ date: day, amount: fc.integer({ min: 1, max: 2_000_000 }) }), { maxLength: 3 }) }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(rule, instalments, day, day, (penalty, rows, first, second) => {
        const list: PenaltyInstalment[] = rows.map((row, index) => ({ number: index + 1, dueDate: row.due, amount: row.amount as Kobo, payments: row.paid.map((payment) => ({ date: payment.date, amount: payment.amount as Kobo })) }));
        const [early, late] = first <= second ? [first, second] : [second, first];
        // The job: insert what is due and missing, keyed (instalment, charge number).
        const posted = new Map<string, number>();
        const run = (asOf: IsoDate) => {
          let added = 0;
          for (const charge of penaltyCharges(list, penalty, asOf)) {
            const key = `${charge.instalment}:${charge.chargeNumber}`;
            if (!posted.has(key)) {
              posted.set(key, charge.amount);
              added += charge.amount;
            }
          }
          return added;
        };
        run(early);
        expect(run(early)).toBe(0);
        run(late);
        expect(run(late)).toBe(0);
        // Run day by day or at once, the same charges: the earlier day's are a prefix of the later's.
        expect([...posted.values()].reduce((sum, amount) => sum + amount, 0)).toBe(total(penaltyCharges(list, penalty, late)));
        for (const charge of penaltyCharges(list, penalty, late)) {
          const cap = penalty.cap === null ? Infinity : penalty.cap.kind === 'amount' ? penalty.cap.amount : Math.round((list[charge.instalment - 1]!.amount * penalty.cap.basisPoints) / 10_000) + 1;
          expect(charge.amount).toBeGreaterThan(0);
          expect(total(penaltyCharges(list, penalty, late).filter((each) => each.instalment === charge.instalment))).toBeLessThanOrEqual(cap);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// An ₦11,200 instalment (₦10,000 principal, ₦1,200 interest) overdue, ₦672.00 of penalties owed.
const position = (order: LoanPenaltyRule['order']): LoanPosition => ({
  feeOutstanding: 0 as Kobo,
  overpayment: 'reduce_term',
  earlyPayment: 'reduce_term',
  penaltyOutstanding: 67_200 as Kobo,
  penaltyOrder: order,
  instalments: [
    { number: 1, dueDate: '2026-12-31', principal: 1_000_000 as Kobo, interest: 120_000 as Kobo, principalPaid: 0 as Kobo, interestPaid: 0 as Kobo, interestWaived: 0 as Kobo },
    { number: 2, dueDate: '2027-01-31', principal: 1_000_000 as Kobo, interest: 120_000 as Kobo, principalPaid: 0 as Kobo, interestPaid: 0 as Kobo, interestWaived: 0 as Kobo },
  ],
});

describe('a repayment on a loan with penalties', () => {

  it('pays the penalties first by default: ₦11,200 leaves ₦672.00 of the instalment owed', () => {
    const outcome = allocateRepayment(position('first'), 1_120_000 as Kobo, '2027-03-28');
    expect(outcome).toEqual({ ok: true, allocation: { fee: 0, penalty: 67_200, lines: [{ number: 1, interest: 120_000, principal: 932_800, interestWaived: 0 }] } });
  });

  it('pays them after the principal due when the product says so', () => {
    const outcome = allocateRepayment(position('after_principal'), 2_307_200 as Kobo, '2027-03-28');
    expect(outcome).toEqual({
      ok: true,
      allocation: {
        fee: 0,
        penalty: 67_200,
        lines: [
          { number: 1, interest: 120_000, principal: 1_000_000, interestWaived: 0 },
          { number: 2, interest: 120_000, principal: 1_000_000, interestWaived: 0 },
        ],
      },
    });
    const short = allocateRepayment(position('after_principal'), 1_120_000 as Kobo, '2027-03-28');
    expect(short.ok && short.allocation.penalty).toBe(undefined);
  });
});
