import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Kobo } from '../money.ts';
import type { LoanFee } from '../loans/products.ts';
import { allocateRepayment, arrearsOn, type Arrears, type InstalmentPosition, type RepaymentAllocation } from '../loans/repayments.ts';
import { loanSchedule, type Instalment, type LoanSchedule } from '../loans/schedule.ts';
import { koboSchema } from './answer-parts.ts';
import {
  arrearsSchema,
  instalmentPositionSchema,
  instalmentSchema,
  loanFeeSchema,
  loanScheduleSchema,
  repaymentAllocationSchema,
} from './loans.ts';
import { savingsHolderListItemSchema } from './savings-answers.ts';

/**
 * The answers' schemas (issue 28). The API's answer types are inferred from them; the loan
 * calculators keep their own types, so these tests hold the two to one shape: a field the schema
 * forgot would be dropped from every answer that carries it.
 */
/** An instalment of ₦1,000 principal and ₦100 interest, nothing paid. */
function unpaidInstalment(number: number, dueDate: string): InstalmentPosition {
  return { number, dueDate, principal: 100_000 as Kobo, interest: 10_000 as Kobo, principalPaid: 0 as Kobo, interestPaid: 0 as Kobo, interestWaived: 0 as Kobo };
}

describe('the loan calculators and the answer schemas', () => {
  it('describe exactly the same shapes', () => {
    expectTypeOf<z.output<typeof instalmentSchema>>().toEqualTypeOf<Instalment>();
    expectTypeOf<z.output<typeof loanScheduleSchema>>().toEqualTypeOf<LoanSchedule>();
    expectTypeOf<z.output<typeof instalmentPositionSchema>>().toEqualTypeOf<InstalmentPosition>();
    expectTypeOf<z.output<typeof repaymentAllocationSchema>>().toEqualTypeOf<RepaymentAllocation>();
    expectTypeOf<z.output<typeof arrearsSchema>>().toEqualTypeOf<Arrears>();
    expectTypeOf<z.output<typeof loanFeeSchema>>().toEqualTypeOf<LoanFee>();
  });

  it('keep every figure of a schedule as the calculator worked it', () => {
    // ₦3,000 flat at 12% over three months from January 2027: ₦1,000 principal and ₦30 interest a month.
    const schedule = loanSchedule({ principal: 300_000 as Kobo, annualRateBp: 1_200, months: 3, method: 'flat' }, '2027-01');
    const answered = loanScheduleSchema.parse(schedule);
    expect(answered).toEqual(schedule);
    expect(answered.instalments[0]).toEqual({ number: 1, dueDate: '2027-02-28', principal: 100_000, interest: 3_000, total: 103_000, principalAfter: 200_000 });
    expect(answered.totalInterest).toBe(9_000);
  });

  it('keep every figure of a repayment and of arrears', () => {
    const position = { feeOutstanding: 5_000 as Kobo, instalments: [unpaidInstalment(1, '2027-01-31'), unpaidInstalment(2, '2027-02-28')], overpayment: 'refuse' as const };
    const outcome = allocateRepayment(position, 120_000 as Kobo, '2027-02-27');
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(repaymentAllocationSchema.parse(outcome.allocation)).toEqual({
      fee: 5_000,
      lines: [
        { number: 1, interest: 10_000, principal: 100_000, interestWaived: 0 },
        { number: 2, interest: 5_000, principal: 0, interestWaived: 0 },
      ],
    });
    expect(arrearsSchema.parse(arrearsOn(position, '2027-03-10'))).toEqual({ amountOverdue: 220_000, daysInArrears: 38, instalmentsOverdue: 2 });
  });
});

describe('kobo in an answer', () => {
  it('is a whole number in the document, and refuses a fraction', () => {
    expect(z.toJSONSchema(koboSchema)).toMatchObject({ type: 'integer' });
    expect(koboSchema.safeParse(150.5).success).toBe(false);
  });

  it('writes a nullable field as present-or-null, never as absent', () => {
    const json = z.toJSONSchema(savingsHolderListItemSchema, { io: 'output' }) as { required: string[] };
    expect(json.required).toEqual(expect.arrayContaining(['staffId', 'phoneNumber', 'accountId', 'lastUpdated', 'availableKobo']));
  });
});
