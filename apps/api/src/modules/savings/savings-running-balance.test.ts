import { describe, expect, it } from 'vitest';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, balanceOf, openSavingsContext, post, reverse, transfer } from './savings-test-support.ts';

// Issue 26, part 4: ordered by value date, no statement goes below ₦0 on any day.
// 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);

async function posted(body: Record<string, unknown>): Promise<string> {
  const response = await post(admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction.id;
}

/** The account's statement over the year: each row's running balance, in statement order. */
async function runningBalances(userId: string): Promise<number[]> {
  const statement = await admin.get(`/api/savings/statement?userId=${userId}&from=2026-01-01&to=2026-11-30`);
  expect(statement.statusCode, statement.body).toBe(200);
  return statement.json().rows.map((row: { balanceAfterKobo: number }) => row.balanceAfterKobo);
}

describe('a posting that would take a day of the statement below ₦0', () => {
  it('refuses a withdrawal valued before the only deposit, naming the day, and writes nothing', async () => {
    const staff = await addStaff(admin, { name: 'Ada Early' });
    await posted({ userId: staff.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-10' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await post(admin, { userId: staff.userId, type: 'withdrawal', amount: '100', valueDate: '2026-11-03' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'BALANCE_BELOW_ZERO_ON', message: 'This would leave the balance below ₦0 on 3 Nov 2026', field: 'valueDate' });
    });
    // Valued on the deposit's day, it fits.
    await posted({ userId: staff.userId, type: 'withdrawal', amount: '100', valueDate: '2026-11-10' });
    expect(await runningBalances(staff.userId)).toEqual([100_000, 90_000]);
  });

  it('refuses a back-dated reversal of a deposit under a later withdrawal, and takes it valued later when the balance allows', async () => {
    const staff = await addStaff(admin, { name: 'Bisi Mistaken' });
    const mistaken = await posted({ userId: staff.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-01' });
    await posted({ userId: staff.userId, type: 'withdrawal', amount: '600', valueDate: '2026-11-05' });
    await posted({ userId: staff.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-20' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await reverse(admin, mistaken, { reason: 'Typed on the wrong account', valueDate: '2026-11-01' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'BALANCE_BELOW_ZERO_ON', message: 'This would leave the balance below ₦0 on 5 Nov 2026', field: 'valueDate' });
    });
    // The money was since withdrawn, but by 20 Nov the balance allows the reversal.
    const later = await reverse(admin, mistaken, { reason: 'Typed on the wrong account', valueDate: '2026-11-20' });
    expect(later.statusCode, later.body).toBe(201);
    expect(await balanceOf(admin, staff.staffId as string)).toBe(40_000);
    expect(await runningBalances(staff.userId)).toEqual([100_000, 40_000, 140_000, 40_000]);
  });

  it('refuses a back-dated transfer out, naming the day', async () => {
    const sender = await addStaff(admin, { name: 'Chidi Sender' });
    const recipient = await addStaff(admin, { name: 'Dayo Recipient' });
    await posted({ userId: sender.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-10' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await transfer(admin, { fromUserId: sender.userId, toUserId: recipient.userId, amount: '500', valueDate: '2026-11-05' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'BALANCE_BELOW_ZERO_ON', message: 'This would leave the balance below ₦0 on 5 Nov 2026', field: 'valueDate' });
    });
    const sent = await transfer(admin, { fromUserId: sender.userId, toUserId: recipient.userId, amount: '500', valueDate: '2026-11-12' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await runningBalances(sender.userId)).toEqual([100_000, 50_000]);
  });

  it('refuses a monthly-run withdrawal row valued at the month end before the money came in, in the review and the post', async () => {
    const staff = await addStaff(admin, { name: 'Efe Run' });
    await posted({ userId: staff.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-20' });
    const run = { month: '2026-10', valueDate: '2026-10-31', rows: [{ ref: staff.staffId, amount: '400', type: 'withdrawal' }] };
    const review = await admin.post('/api/savings/batches/review', run);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().rows[0]).toMatchObject({ status: 'refused', reason: 'This would leave the balance below ₦0 on 31 Oct 2026' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await admin.post('/api/savings/batches', run);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('BATCH_NOT_READY');
    });
    expect(await runningBalances(staff.userId)).toEqual([100_000]);
  });

  it('describes a run withdrawal row without a description as a withdrawal, not a contribution', async () => {
    const staff = await addStaff(admin, { name: 'Femi Refund' });
    await posted({ userId: staff.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-02' });
    const run = { month: '2026-11', valueDate: '2026-11-20', rows: [{ ref: staff.staffId, amount: '400', type: 'withdrawal' }] };
    const done = await admin.post('/api/savings/batches', run);
    expect(done.statusCode, done.body).toBe(201);
    const statement = await admin.get(`/api/savings/statement?userId=${staff.userId}&from=2026-11-01&to=2026-11-30`);
    expect(statement.json().rows.map((row: { description: string }) => row.description)).toEqual([null, 'November 2026 withdrawal']);
  });
});

describe("the books' start date", () => {
  let staff: SavingsHolderListItem;
  it('refuses a withdrawal valued 1 January 1900 beside the value date, and writes nothing', async () => {
    staff = await addStaff(admin, { name: 'Gbenga Ancient' });
    await posted({ userId: staff.userId, type: 'deposit', amount: '1,000' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await post(admin, { userId: staff.userId, type: 'withdrawal', amount: '1', valueDate: '1900-01-01' });
      expect(refused.statusCode).toBe(400);
      // The tests' organisation starts its books on 1 Jan 2000 (test/database-templates.ts).
      expect(refused.json()).toEqual({
        error: 'VALUE_DATE_BEFORE_BOOKS_START',
        message: "The value date cannot be before the books' start date, 1 Jan 2000",
        field: 'valueDate',
      });
    });
  });

  it('is set by an admin in Settings, audited, and refuses earlier days from then on', async () => {
    const saved = await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-11-01' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ booksStart: '2026-11-01', isSet: true });
    expect((await admin.get('/api/savings/books-start')).json()).toEqual({ booksStart: '2026-11-01', isSet: true });
    const refused = await post(admin, { userId: staff.userId, type: 'deposit', amount: '1', valueDate: '2026-10-31' });
    expect(refused.json()).toEqual({ error: 'VALUE_DATE_BEFORE_BOOKS_START', message: "The value date cannot be before the books' start date, 1 Nov 2026", field: 'valueDate' });
    const run = await admin.post('/api/savings/batches/review', { month: '2026-10', valueDate: '2026-10-30', rows: [{ ref: staff.staffId, amount: '1' }] });
    expect(run.json()).toEqual({ error: 'VALUE_DATE_BEFORE_BOOKS_START', message: "The value date cannot be before the books' start date, 1 Nov 2026", field: 'valueDate' });
    expect((await post(admin, { userId: staff.userId, type: 'deposit', amount: '1', valueDate: '2026-11-01' })).statusCode).toBe(201);
  });

  it.each([
    [{ booksStart: '2026-11-24' }, MESSAGES.valueDateInFuture],
    [{ booksStart: '2026-02-30' }, MESSAGES.invalidDate],
    [{ booksStart: '1899-12-31' }, MESSAGES.invalidDate],
    [{ booksStart: 20261101 }, MESSAGES.invalidDate],
  ])('refuses %j with a sentence beside the field, changing nothing', async (body, message) => {
    const refused = await admin.request('PUT', '/api/savings/books-start', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION', message, field: 'booksStart' });
    expect((await admin.get('/api/savings/books-start')).json()).toEqual({ booksStart: '2026-11-01', isSet: true });
  });

  it('is an admin\u2019s setting: a member may neither read nor change it', async () => {
    const member = await ctx.signedIn('user');
    expect((await member.get('/api/savings/books-start')).statusCode).toBe(403);
    expect((await member.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' })).statusCode).toBe(403);
  });
});
