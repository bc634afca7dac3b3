import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';
import { accountBalance, depositInto } from '../savings-reports/savings-reports-test-support.ts';

/**
 * A member who left during the year (issue 32's exit, settled and their accounts closed) has no
 * line in that year's run: the exit settled them (with interest to the exit date where the
 * by-laws pay it, decision 051), and a closed account takes no posting, so a line for them would
 * refuse the whole run (found by the simulator, issue 35: seed 1, 2017-01-02).
 */
let clock = new Date('2026-09-30T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);
const db = () => ctx.app.kobo.database.db as Database;

describe('the year end after a member left', () => {
  it('leaves the leaver out, and the run posts', async () => {
    const stays = (await addStaff(admin, { name: 'Ada Stays' })).userId;
    const leaves = (await addStaff(admin, { name: 'Bola Leaves' })).userId;
    await depositInto(db(), stays, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-01-01');
    await depositInto(db(), leaves, ORDINARY_SAVINGS_PRODUCT_ID, 5_000_000, '2026-01-01');
    const account = async (key: string) => (await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = ${key}`))[0]!.id;
    const income = await admin.post('/api/books/entries', {
      book: 'scheme',
      valueDate: '2026-06-30',
      narration: 'Interest on loans for the year',
      lines: [
        { accountId: await account('scheme.bank'), debit: '1,000,000' },
        { accountId: await account('scheme.interest_income'), credit: '1,000,000' },
      ],
    });
    expect(income.statusCode, income.body).toBe(201);

    const notice = await admin.post('/api/exits', { userId: leaves, reason: 'death', leavingDate: '2026-09-30' });
    expect(notice.statusCode, notice.body).toBe(201);
    const exitId = notice.json().exit.id;
    const nominees = await admin.request('PUT', `/api/members/${leaves}/nominees`, {
      nominees: [{ name: 'Chidi Leaves', relationship: 'Son', phone: '08031234567', shareBp: 10_000 }],
    });
    expect(nominees.statusCode, nominees.body).toBe(200);
    const approved = await admin.post(`/api/exits/${exitId}/approve`, { settlementDate: '2026-09-30' });
    expect(approved.statusCode, approved.body).toBe(200);
    const settled = await admin.post(`/api/exits/${exitId}/settle`);
    expect(settled.statusCode, settled.body).toBe(201);
    expect(await accountBalance(db(), leaves, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(0);

    clock = new Date('2027-01-10T10:00:00+01:00');
    const created = await admin.post('/api/year-end/runs', {
      year: 2026,
      reserveKobo: 25_000_000,
      dividend: { rateBp: 0, method: 'closing' },
      interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: 'average_daily' }],
      educationFundKobo: 0,
      welfareFundKobo: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    // ₦100,000 held all 365 days at 2%: ₦2,000.00; the leaver's ₦50,000 held to 30 September earns nothing here.
    expect(created.json()).toMatchObject({ surplusKobo: 100_000_000, interest: [{ amountKobo: 200_000, memberCount: 1 }], carriedForwardKobo: 74_800_000 });
    const preview = await admin.get(`/api/year-end/runs/${created.json().id}/preview`);
    expect(preview.json().lines.map((line: { userId: string; grossKobo: number }) => [line.userId, line.grossKobo])).toEqual([[stays, 200_000]]);
    expect((await admin.post(`/api/year-end/runs/${created.json().id}/approve`)).statusCode).toBe(200);
    const posted = await admin.post(`/api/year-end/runs/${created.json().id}/post`);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await accountBalance(db(), stays, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(10_200_000);
    expect(await accountBalance(db(), leaves, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(0);
  });
});
