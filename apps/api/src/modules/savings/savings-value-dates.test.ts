import { describe, expect, it } from 'vitest';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, openSavingsContext, post, transfer } from './savings-test-support.ts';

// 23 Nov 2026, 10:00 in Lagos: today is the 23rd, tomorrow the 24th.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);


describe('value dates', () => {
  let staff: SavingsHolderListItem;
  it('are today in Lagos unless an admin names an earlier day', async () => {
    staff = await addStaff(admin, { name: 'Uche Value' });
    const today = await post(admin, { userId: staff.userId, type: 'deposit', amount: '100' });
    expect(today.statusCode, today.body).toBe(201);
    expect(today.json().transaction).toMatchObject({ valueDate: '2026-11-23', createdAt: '2026-11-23T09:00:00.000Z' });

    const september = await post(admin, { userId: staff.userId, type: 'deposit', amount: '15,000', valueDate: '2026-09-28', description: 'September payroll' });
    expect(september.statusCode, september.body).toBe(201);
    expect(september.json().transaction).toMatchObject({ valueDate: '2026-09-28', createdAt: '2026-11-23T09:00:00.000Z' });
  });

  it('order the history and count in the period cards by the day the money moved', async () => {
    const detail = await admin.get(`/api/savings/accounts/${staff.staffId}?period=month`);
    expect(detail.statusCode).toBe(200);
    // November's card holds only November's money; the September deposit is history, older.
    expect(detail.json().summary).toEqual({ balanceKobo: 1_510_000, inflowKobo: 10_000, outflowKobo: 0, netKobo: 10_000 });
    const year = await admin.get(`/api/savings/accounts/${staff.staffId}?period=year`);
    expect(year.json().summary.inflowKobo).toBe(1_510_000);
    expect(year.json().transactions.map((row: { valueDate: string }) => row.valueDate)).toEqual(['2026-11-23', '2026-09-28']);
  });

  it('place postings in statements by value date, with the opening balance before the first day', async () => {
    const october = await admin.get(`/api/savings/statement?userId=${staff.userId}&from=2026-10-01&to=2026-11-30`);
    expect(october.statusCode).toBe(200);
    expect(october.json()).toMatchObject({ openingBalanceKobo: 1_500_000, closingBalanceKobo: 1_510_000 });
    expect(october.json().rows).toHaveLength(1);
    const september = await admin.get(`/api/savings/statement?userId=${staff.userId}&from=2026-09-01&to=2026-09-30`);
    expect(september.json()).toMatchObject({ openingBalanceKobo: 0, closingBalanceKobo: 1_500_000 });
    expect(september.json().rows[0]).toMatchObject({ description: 'September payroll', valueDate: '2026-09-28', balanceAfterKobo: 1_500_000 });
  });

  it('are refused in the future, for a posting and a transfer, and nothing is written', async () => {
    const other = await addStaff(admin, { name: 'Vera Value' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const deposit = await post(admin, { userId: staff.userId, type: 'deposit', amount: '5', valueDate: '2026-11-24' });
      expect(deposit.statusCode).toBe(400);
      expect(deposit.json()).toEqual({ error: 'VALUE_DATE_IN_FUTURE', message: MESSAGES.valueDateInFuture, field: 'valueDate' });
      const moved = await transfer(admin, { fromUserId: staff.userId, toUserId: other.userId, amount: '5', valueDate: '2027-01-01' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().field).toBe('valueDate');
    });
  });

  it.each(['2026-02-30', '0000-01-01', '9999-12-31', '23/11/2026', '2026-11-23T00:00:00Z', 'today'])(
    'refuses the malformed value date %j with a message on the field',
    async (valueDate) => {
      await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
        const response = await post(admin, { userId: staff.userId, type: 'deposit', amount: '5', valueDate });
        expect(response.statusCode).toBe(400);
        expect(response.json().field).toBe('valueDate');
      });
    },
  );

  it('refuses a NUL inside a value date before anything else looks at it', async () => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await post(admin, { userId: staff.userId, type: 'deposit', amount: '5', valueDate: '2026-11-2\u0000' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'UNSUPPORTED_CHARACTERS', message: MESSAGES.unsupportedCharacters });
    });
  });

  it('are today for a holder’s own deposit: only an admin may backdate', async () => {
    const user = await ctx.signedIn('user');
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await post(user, { type: 'deposit', amount: '5', valueDate: '2026-11-01' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'VALUE_DATE_OFFICERS_ONLY', message: MESSAGES.valueDateOfficersOnly, field: 'valueDate' });
    });
    // Today's date is taken; the deposit is a request an admin confirms (issue 15), dated today.
    const own = await post(user, { type: 'deposit', amount: '5', valueDate: '2026-11-23' });
    expect(own.statusCode, own.body).toBe(202);
    expect(own.json().request.valueDate).toBe('2026-11-23');
  });

  it('show in the transfer’s two legs', async () => {
    const other = await addStaff(admin, { name: 'Wale Value' });
    const moved = await transfer(admin, { fromUserId: staff.userId, toUserId: other.userId, amount: '50', valueDate: '2026-11-20' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect([moved.json().out.valueDate, moved.json().in.valueDate]).toEqual(['2026-11-20', '2026-11-20']);
  });
});
