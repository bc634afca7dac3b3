import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInClient } from '../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let admin: SignedInClient;
// Loans are paid out on 15 November 2026: their first instalment falls due on 31 December.
const DISBURSED = new Date('2026-11-15T09:00:00Z');
const NOVEMBER_PAYDAY = new Date('2026-11-25T09:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ admin } = opened),
  () => now,
);

const products = { payAhead: '', reduceInstalment: '' };
beforeAll(async () => {
  // The default rule (no earlyPayment sent), and the one that lowers the instalments.
  for (const [kind, rule] of [['payAhead', undefined], ['reduceInstalment', 'reduce_instalment']] as const) {
    const response = await admin.post('/api/loan-products', {
      name: `Early ${kind}`,
      method: 'flat',
      annualRate: '12',
      maxMonths: '12',
      savingsMultiple: '2',
      maxAmount: '500,000',
      guarantorsRequired: '0',
      feeKind: 'none',
      ...(rule ? { earlyPayment: rule } : {}),
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    products[kind] = response.json().product.id;
  }
});

/** A loan paid out on 15 November at 12% flat over 12 months, no fee. */
async function activeLoan(amount: string, product: keyof typeof products = 'payAhead'): Promise<string> {
  now = DISBURSED;
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '100,000');
  const applied = await admin.post('/api/loans', { productId: products[product], amount, months: '12', purpose: 'School fees', userId: staff.userId });
  const loanId = applied.json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  const disbursed = await admin.post(`/api/loans/${loanId}/disbursement`, {});
  expect(disbursed.statusCode, disbursed.body).toBe(201);
  return loanId;
}

type ScheduleRow = { number: number; total: number };
type InstalmentRow = { number: number; principal: number; interest: number; principalPaid: number; interestPaid: number; interestWaived: number };
type LoanBody = { schedule: { instalments: ScheduleRow[] }; ledger: { outstandingTotalKobo: number; instalments: InstalmentRow[] } };

/** What the schedule's instalments still open add up to: the figure the review compared with the position card. */
function openInstalmentsTotal(loan: LoanBody): number {
  const open = new Set(
    loan.ledger.instalments.filter((row) => row.principal + row.interest - row.principalPaid - row.interestPaid - row.interestWaived > 0).map((row) => row.number),
  );
  return loan.schedule.instalments.filter((row) => open.has(row.number)).reduce((sum, row) => sum + row.total, 0);
}

const readLoan = async (loanId: string): Promise<LoanBody> => (await admin.get(`/api/loans/${loanId}`)).json().loan;

describe('a repayment before the first instalment is due (issue 26)', () => {
  it('pays instalment 1, not the last, and waives nothing', async () => {
    // COOPERATIVE.md's ₦120,000 at 12% flat over 12 months: 12 instalments of ₦11,200 (₦10,000 + ₦1,200).
    const loanId = await activeLoan('120,000');
    now = NOVEMBER_PAYDAY;
    const response = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '11,200' });
    expect(response.statusCode, response.body).toBe(201);
    const { ledger, schedule } = response.json().loan;
    expect(ledger.entries.at(-1).allocation).toEqual({ fee: 0, lines: [{ number: 1, interest: 120_000, principal: 1_000_000, interestWaived: 0 }] });
    expect(ledger.instalments[0]).toMatchObject({ number: 1, principalPaid: 1_000_000, interestPaid: 120_000, interestWaived: 0 });
    expect(ledger.instalments[11]).toMatchObject({ number: 12, principalPaid: 0, interestPaid: 0, interestWaived: 0 });
    expect(ledger.outstandingTotalKobo).toBe(12_320_000);
    expect(schedule.instalments.slice(0, 2)).toEqual([
      { number: 1, dueDate: '2026-12-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 11_000_000 },
      { number: 2, dueDate: '2027-01-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 10_000_000 },
    ]);
  });
});

describe("the schedule and the position card (issue 26's ₦12,320 against ₦12,200)", () => {
  it('agree after a same-day repayment, and again once it is reversed', async () => {
    // ₦12,000 at 12% flat over 12 months: 12 instalments of ₦1,120 (₦1,000 + ₦120); ₦1,120 repaid on the payout day.
    const loanId = await activeLoan('12,000');
    const response = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '1,120' });
    expect(response.statusCode, response.body).toBe(201);
    const paid = await readLoan(loanId);
    expect(paid.ledger.outstandingTotalKobo).toBe(1_232_000);
    expect(openInstalmentsTotal(paid)).toBe(1_232_000);

    const entryId = response.json().loan.ledger.entries.at(-1).id;
    const reversed = await admin.post(`/api/loans/entries/${entryId}/reversal`, { reason: 'Keyed against the wrong member' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const undone = await readLoan(loanId);
    expect(undone.ledger.outstandingTotalKobo).toBe(1_344_000);
    expect(openInstalmentsTotal(undone)).toBe(1_344_000);
  });

  it('agree when the product lowers the instalments instead, each of the twelve smaller by the same share', async () => {
    // ₦2,400 early on ₦12,000 of principal ahead: a fifth off every instalment's principal and interest, ₦896 each.
    const loanId = await activeLoan('12,000', 'reduceInstalment');
    now = NOVEMBER_PAYDAY;
    const response = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '2,400' });
    expect(response.statusCode, response.body).toBe(201);
    const loan = await readLoan(loanId);
    expect(loan.schedule.instalments.map((row) => row.total)).toEqual(Array.from({ length: 12 }, () => 89_600));
    expect(loan.ledger.outstandingTotalKobo).toBe(1_075_200);
    expect(openInstalmentsTotal(loan)).toBe(1_075_200);
  });
});
