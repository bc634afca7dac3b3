import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { createFlatLoanProduct } from './loan-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// 15 November 2026 in Lagos, moved on by the arrears test.
let now = new Date('2026-11-15T09:00:00Z');
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

let productId: string;
beforeAll(async () => {
  productId = await createFlatLoanProduct(admin, 'Flat Loan');
});

let counter = 0;
/** An approved ₦120,000 loan over 12 months (COOPERATIVE.md's flat example), and its borrower signed in. */
async function approvedLoan(): Promise<{ loanId: string; borrower: TestClient }> {
  counter += 1;
  const email = `disburse.${counter}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name: `Borrower ${counter}` });
  await deposit(admin, staff.userId, '100,000');
  const borrower = ctx.client();
  await borrower.post('/api/auth/sign-in', { email, password: 'secret1' });
  const applied = await borrower.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'School fees' });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId = applied.json().loan.id;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  return { loanId, borrower };
}

const disburse = (loanId: string, body: Record<string, unknown>, key?: string) =>
  admin.post(`/api/loans/${loanId}/disbursement`, body, key ? { 'idempotency-key': key } : {});

const ledgerRows = async (loanId: string) =>
  queryRows<{ type: string; amount: string; value_date: string }>(
    ctx.app.kobo.database.db,
    sql`select type, amount_kobo::text as amount, value_date::text as value_date from loan_transactions where loan_id = ${loanId} order by seq`,
  );

describe('disbursing a loan', () => {
  it('records the principal out and the fee, fixes the schedule from the value date, and makes the loan active', async () => {
    const { loanId, borrower } = await approvedLoan();
    // Paid out on the 18th, typed in on the 20th.
    now = new Date('2026-11-20T09:00:00Z');
    const response = await disburse(loanId, { valueDate: '2026-11-18' }).finally(() => {
      now = new Date('2026-11-15T09:00:00Z');
    });
    expect(response.statusCode, response.body).toBe(201);
    const { loan } = response.json();
    expect(loan.status).toBe('active');
    expect(loan.ledger).toMatchObject({ disbursedOn: '2026-11-18', feeOutstandingKobo: 100_000, outstandingPrincipalKobo: 12_000_000, outstandingTotalKobo: 13_540_000 });
    expect(loan.ledger.arrears).toEqual({ amountOverdue: 0, daysInArrears: 0, instalmentsOverdue: 0 });
    expect(loan.schedule.instalments[0]).toEqual({ number: 1, dueDate: '2026-12-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 11_000_000 });
    expect(loan.schedule.instalments[11]).toMatchObject({ number: 12, dueDate: '2027-11-30', principalAfter: 0 });
    expect(await ledgerRows(loanId)).toEqual([
      { type: 'disbursement', amount: '12000000', value_date: '2026-11-18' },
      { type: 'fee', amount: '100000', value_date: '2026-11-18' },
    ]);
    // The borrower sees the same.
    const mine = (await borrower.get('/api/loans/mine')).json().loans[0];
    expect(mine).toMatchObject({ id: loanId, status: 'active', ledger: { outstandingPrincipalKobo: 12_000_000 } });
  });

  it('happens once: a second request is refused, a retry with the same key gets the first answer', async () => {
    const { loanId } = await approvedLoan();
    const first = await disburse(loanId, {}, 'disburse-once');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await disburse(loanId, {}, 'disburse-once');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const again = await disburse(loanId, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'LOAN_ALREADY_DISBURSED', message: MESSAGES.loanAlreadyDisbursed });
    });
    expect((await ledgerRows(loanId)).map((row) => row.type)).toEqual(['disbursement', 'fee']);
  });

  it('pays out once when ten requests arrive together', async () => {
    const { loanId } = await approvedLoan();
    const answers = await Promise.all(Array.from({ length: 10 }, () => disburse(loanId, {})));
    expect(answers.map((response) => response.statusCode).toSorted()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect((await ledgerRows(loanId)).map((row) => row.type)).toEqual(['disbursement', 'fee']);
  });

  it('refuses a loan not approved, a value date in the future, before the application or before the books, writing nothing', async () => {
    const { loanId } = await approvedLoan();
    const pending = await admin.post('/api/loans', { productId, amount: '1,000', months: '2', purpose: 'Rent', userId: (await addStaffWithSavings()).userId });
    const cases: [string, Record<string, unknown>, number, Record<string, unknown>][] = [
      [pending.json().loan.id, {}, 409, { error: 'LOAN_NOT_APPROVED', message: MESSAGES.loanNotApproved }],
      [loanId, { valueDate: '2026-11-16' }, 400, { error: 'VALUE_DATE_IN_FUTURE', message: MESSAGES.valueDateInFuture, field: 'valueDate' }],
      [loanId, { valueDate: '2026-11-14' }, 400, { error: 'VALIDATION', message: MESSAGES.disbursementBeforeApplication, field: 'valueDate' }],
      [loanId, { valueDate: '0000-01-01' }, 400, { error: 'VALIDATION', message: MESSAGES.invalidDate, field: 'valueDate' }],
      // Issue 26: the test template's books start on 1 Jan 2000 (test/database-templates.ts).
      [loanId, { valueDate: '1900-01-01' }, 400, { error: 'VALUE_DATE_BEFORE_BOOKS_START', message: "The value date cannot be before the books' start date, 1 Jan 2000", field: 'valueDate' }],
      ['00000000-0000-4000-8000-000000000000', {}, 404, { error: 'LOAN_NOT_FOUND', message: MESSAGES.loanNotFound }],
    ];
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      for (const [id, body, status, answer] of cases) {
        const response = await disburse(id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json()).toEqual(answer);
      }
    });
  });

  it('keeps its ledger append-only: the database refuses to change or delete an entry', async () => {
    const { loanId } = await approvedLoan();
    await disburse(loanId, {});
    const db = ctx.app.kobo.database.db;
    for (const statement of [sql`update loan_transactions set amount_kobo = 1 where loan_id = ${loanId}`, sql`delete from loan_transactions where loan_id = ${loanId}`]) {
      const error = await db.execute(statement).then(() => null, (caught: unknown) => caught);
      // insufficient_privilege, from the append-only trigger.
      expect(postgresErrorOf(error)?.code).toBe('42501');
    }
    expect(await ledgerRows(loanId)).toHaveLength(2);
  });
});

describe('arrears', () => {
  it('shows an instalment unpaid after its due date, how much and for how many days', async () => {
    const { loanId, borrower } = await approvedLoan();
    await disburse(loanId, { valueDate: '2026-11-15' });
    now = new Date('2027-01-05T09:00:00Z');
    try {
      const { ledger } = (await borrower.get('/api/loans/mine')).json().loans[0];
      // Instalment 1 (₦11,200, due 31 December) and the ₦1,000 fee are unpaid; the fee is not an instalment.
      expect(ledger.arrears).toEqual({ amountOverdue: 1_120_000, daysInArrears: 5, instalmentsOverdue: 1 });
      expect(ledger.asOf).toBe('2027-01-05');
    } finally {
      now = new Date('2026-11-15T09:00:00Z');
    }
  });
});

async function addStaffWithSavings() {
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '10,000');
  return staff;
}
