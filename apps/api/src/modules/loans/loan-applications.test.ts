import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// 15 November 2026 in Lagos: an application's schedule starts in December.
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);

type Holder = { userId: string; staffId: string; client: TestClient };
let counter = 0;

/** A staff member with `savings` naira, signed in. */
async function holderWith(savings: string): Promise<Holder> {
  counter += 1;
  const email = `loan.holder.${counter}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name: `Holder ${counter}` });
  if (savings !== '0') await deposit(admin, staff.userId, savings);
  const client = ctx.client();
  const signIn = await client.post('/api/auth/sign-in', { email, password: 'secret1' });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { userId: staff.userId, staffId: staff.staffId as string, client };
}

let productId: string;
let twoGuarantors: string;
beforeAll(async () => {
  const product = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'percent', feeValue: '1' };
  const none = await admin.post('/api/loan-products', { ...product, name: 'No Guarantor Loan', guarantorsRequired: '0' });
  const two = await admin.post('/api/loan-products', { ...product, name: 'Guaranteed Loan', guarantorsRequired: '2' });
  if (none.statusCode !== 201 || two.statusCode !== 201) throw new Error(`products not created: ${none.body} ${two.body}`);
  productId = none.json().product.id;
  twoGuarantors = two.json().product.id;
});

describe('what is already borrowed', () => {
  it('comes off the multiple: an application and an active loan count, a rejected one does not', async () => {
    const borrower = await holderWith('100,000');
    // ₦100,000 at 2×: ₦200,000 in all.
    const first = await borrower.client.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent' });
    expect(first.statusCode, first.body).toBe(201);
    const quote = (await borrower.client.get(`/api/loan-products/${productId}/quote?amount=80,000.01&months=6`)).json().quote;
    expect(quote).toMatchObject({ maxAmountKobo: 8_000_000, problem: 'At most ₦80,000.00 can be borrowed: 2× savings of ₦100,000.00, less ₦120,000.00 already borrowed' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await borrower.client.post('/api/loans', { productId, amount: '80,000.01', months: '6', purpose: 'Phone' });
      expect(refused.json()).toEqual({ error: 'LOAN_OUTSIDE_LIMITS', message: 'At most ₦80,000.00 can be borrowed: 2× savings of ₦100,000.00, less ₦120,000.00 already borrowed', field: 'amount' });
    });
    await admin.post(`/api/loans/${first.json().loan.id}/decision`, { decision: 'reject', reason: 'Not now' });
    expect((await borrower.client.get(`/api/loan-products/${productId}/quote?amount=1&months=6`)).json().quote.maxAmountKobo).toBe(20_000_000);
  });

  it('judges two applications sent at once one after the other', async () => {
    const borrower = await holderWith('100,000');
    const answers = await Promise.all(
      ['Rent', 'Car'].map((purpose) => borrower.client.post('/api/loans', { productId, amount: '150,000', months: '12', purpose })),
    );
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409]);
  });
});

describe('applying for a loan', () => {
  it('records an application within the limits, with its fee and the schedule it would run on', async () => {
    const borrower = await holderWith('100,000');
    const response = await borrower.client.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: '  School fees ' });
    expect(response.statusCode, response.body).toBe(201);
    const { loan } = response.json();
    expect(loan).toMatchObject({
      productName: 'No Guarantor Loan',
      method: 'flat',
      annualRateBp: 1200,
      principalKobo: 12_000_000,
      feeKobo: 120_000,
      months: 12,
      purpose: 'School fees',
      status: 'awaiting_approval',
      appliedAt: '2026-11-15T09:00:00.000Z',
      borrower: { userId: borrower.userId, staffId: borrower.staffId },
      guarantors: [],
    });
    expect(loan.schedule).toMatchObject({ monthlyInstalment: 1_120_000, totalInterest: 1_440_000 });
    expect(loan.schedule.instalments[0].dueDate).toBe('2026-12-31');
    const mine = (await borrower.client.get('/api/loans/mine')).json();
    expect(mine.loans.map((row: { id: string }) => row.id)).toEqual([loan.id]);
    expect(mine.guaranteeRequests).toEqual([]);
  });

  it('lets an officer apply for a holder, and asks whose savings when none is named', async () => {
    const borrower = await holderWith('10,000');
    const named = await admin.post('/api/loans', { productId, amount: '5,000', months: '2', purpose: 'Rent', userId: borrower.userId });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().loan.borrower.userId).toBe(borrower.userId);
    const unnamed = await admin.post('/api/loans', { productId, amount: '5,000', months: '2', purpose: 'Rent' });
    expect(unnamed.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.selectStaffMember, field: 'userId' });
  });

  it.each([
    [{ amount: '200,000.01' }, 409, 'LOAN_OUTSIDE_LIMITS', 'At most ₦200,000.00 can be borrowed: 2× savings of ₦100,000.00', 'amount'],
    [{ months: '13' }, 409, 'LOAN_OUTSIDE_LIMITS', 'The longest term No Guarantor Loan allows is 12 months', 'months'],
    [{ purpose: ' ' }, 400, 'VALIDATION', MESSAGES.loanPurposeRequired, 'purpose'],
    [{ purpose: 'x'.repeat(501) }, 400, 'VALIDATION', MESSAGES.loanPurposeTooLong, 'purpose'],
    [{ amount: '0' }, 400, 'VALIDATION', MESSAGES.enterValidAmount, 'amount'],
    [{ months: 'twelve' }, 400, 'VALIDATION', MESSAGES.loanMonthsInvalid, 'months'],
    [{ productId: undefined }, 400, 'VALIDATION', MESSAGES.chooseLoanProduct, 'productId'],
    [{ productId: '00000000-0000-4000-8000-000000000000' }, 404, 'LOAN_PRODUCT_NOT_FOUND', MESSAGES.loanProductNotFound, 'productId'],
  ])('refuses %#: %s', async (change, status, error, message, field) => {
    const borrower = await holderWith('100,000');
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await borrower.client.post('/api/loans', { productId, amount: '1,000', months: '6', purpose: 'Rent', ...change });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error, message, field });
    });
  });

  it('asks for exactly the guarantors the product needs, each an active holder other than the borrower', async () => {
    const borrower = await holderWith('100,000');
    const friend = await holderWith('100,000');
    const other = await holderWith('100,000');
    const quitter = await holderWith('100,000');
    await ctx.setActive(quitter.userId, false);
    const apply = (guarantors: string[]) => borrower.client.post('/api/loans', { productId: twoGuarantors, amount: '1,000', months: '6', purpose: 'Rent', guarantors });
    const cases: [string[], string][] = [
      [[friend.userId], 'Please choose 2 guarantors'],
      [[friend.userId, friend.userId], MESSAGES.guarantorTwice],
      [[friend.userId, borrower.userId], MESSAGES.guarantorIsBorrower],
      [[friend.userId, admin.userId], MESSAGES.guarantorNotHolder],
      [[friend.userId, quitter.userId], MESSAGES.guarantorNotHolder],
      [[friend.userId, 'no-such-user'], MESSAGES.guarantorNotHolder],
    ];
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      for (const [guarantors, message] of cases) {
        const response = await apply(guarantors);
        expect(response.statusCode, JSON.stringify(guarantors)).toBe(400);
        expect(response.json()).toMatchObject({ message, field: 'guarantors' });
      }
    });
    const accepted = await apply([friend.userId, other.userId]);
    expect(accepted.statusCode, accepted.body).toBe(201);
    // Equal shares of ₦1,000: the second takes the odd kobo.
    expect(accepted.json().loan.guarantors.map((row: { userId: string; amountKobo: number; status: string }) => [row.userId, row.amountKobo, row.status]).toSorted()).toEqual(
      [
        [friend.userId, 50_000, 'pending'],
        [other.userId, 50_000, 'pending'],
      ].toSorted(),
    );
    expect(accepted.json().loan.status).toBe('awaiting_guarantors');
  });
});

/** A borrower's application naming `first` and `second` as its two guarantors. */
async function guaranteedLoan(amount: string, first: Holder, second: Holder) {
  const borrower = await holderWith('1,000,000');
  const response = await borrower.client.post('/api/loans', { productId: twoGuarantors, amount, months: '6', purpose: 'Car repair', guarantors: [first.userId, second.userId] });
  expect(response.statusCode, response.body).toBe(201);
  return { borrower, loanId: response.json().loan.id as string };
}

describe('guarantors', () => {

  it('see the request, and the application goes to the officers once both accept', async () => {
    const first = await holderWith('100,000');
    const second = await holderWith('100,000');
    const { borrower, loanId } = await guaranteedLoan('100,000', first, second);
    const asked = (await first.client.get('/api/loans/mine')).json();
    expect(asked.guaranteeRequests.map((loan: { id: string }) => loan.id)).toEqual([loanId]);
    expect(asked.loans).toEqual([]);

    const one = await first.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().loan.status).toBe('awaiting_guarantors');
    const both = await second.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
    expect(both.json().loan.status).toBe('awaiting_approval');
    expect((await borrower.client.get('/api/loans/mine')).json().loans[0].guarantors.map((row: { status: string }) => row.status)).toEqual(['accepted', 'accepted']);
  });

  it('cannot guarantee more than their savings, counting what they already guarantee', async () => {
    const guarantor = await holderWith('80,000');
    const helper = await holderWith('1,000,000');
    const firstLoan = await guaranteedLoan('100,000', guarantor, helper);
    const secondLoan = await guaranteedLoan('100,000', guarantor, helper);
    expect((await guarantor.client.post(`/api/loans/${firstLoan.loanId}/guarantee`, { answer: 'accept' })).statusCode).toBe(200);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await guarantor.client.post(`/api/loans/${secondLoan.loanId}/guarantee`, { answer: 'accept' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'GUARANTEE_OVER_SAVINGS',
        message: 'You can guarantee at most ₦30,000.00 more: your savings are ₦80,000.00 and you already guarantee ₦50,000.00',
      });
    });
  });

  it('answer once; a decline is recorded and leaves the application waiting; a stranger is told there is no such loan', async () => {
    const first = await holderWith('100,000');
    const second = await holderWith('100,000');
    const stranger = await holderWith('100,000');
    const { loanId } = await guaranteedLoan('10,000', first, second);
    const declined = await first.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'decline' });
    expect(declined.json().loan).toMatchObject({ status: 'awaiting_guarantors' });
    expect(declined.json().loan.guarantors.find((row: { userId: string }) => row.userId === first.userId).status).toBe('declined');
    const again = await first.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'GUARANTEE_NOT_OPEN', message: MESSAGES.guaranteeNotOpen });
    const other = await stranger.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'LOAN_NOT_FOUND', message: MESSAGES.loanNotFound });
    const nonsense = await second.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'maybe' });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.chooseGuaranteeAnswer, field: 'answer' });
  });

  it('accepting two requests at once cannot together pass their savings', async () => {
    const guarantor = await holderWith('60,000');
    const helper = await holderWith('1,000,000');
    const loansAsked = [await guaranteedLoan('100,000', guarantor, helper), await guaranteedLoan('100,000', guarantor, helper)];
    const answers = await Promise.all(loansAsked.map(({ loanId }) => guarantor.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' })));
    expect(answers.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
  });
});
