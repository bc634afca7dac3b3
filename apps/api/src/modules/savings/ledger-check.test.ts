import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { findNegativeStatements } from '../ledger/ledger-drift.ts';
import { addStaff, deposit } from './savings-test-support.ts';

// Issue 26: data written before the rule (or around it) can still show a statement below ₦0; the
// check lists it and changes nothing. This file writes such a ledger on purpose, so it does not end
// with the shared drift check.
let ctx: TestContext;
let admin: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext({}, () => new Date('2026-11-23T09:00:00.000Z'));
  admin = await ctx.signedIn('admin');
});
afterAll(async () => ctx?.close());

describe('the ledger check', () => {
  it('lists each account whose statement, by value date, goes below ₦0: the first day and the lowest balance', async () => {
    const db = ctx.app.kobo.database.db;
    const healthy = await addStaff(admin, { name: 'Hauwa Healthy' });
    await deposit(admin, healthy.userId, '1,000');
    expect(await findNegativeStatements(db)).toEqual([]);

    const early = await addStaff(admin, { name: 'Ife Early' });
    await deposit(admin, early.userId, '1,000');
    // As an old import would have left it: ₦100 and then ₦250 withdrawn before the deposit's day,
    // written past the API (the stored balance is kept equal to the ledger).
    await db.execute(sql`
      insert into savings_transactions (account_id, type, amount_kobo, description, created_by_email, value_date)
      select a.id, 'withdrawal', v.amount, 'Imported', 'import@kobo.test', v.day::date
      from savings_accounts a, (values (10000, '2026-11-03'), (25000, '2026-11-05')) as v(amount, day)
      where a.user_id = ${early.userId}`);
    await db.execute(sql`update savings_accounts set balance_kobo = balance_kobo - 35000 where user_id = ${early.userId}`);

    await expectNoRowsWritten(db, async () => {
      expect(await findNegativeStatements(db)).toEqual([
        { accountId: expect.any(String), holderName: 'Ife Early', staffId: early.staffId, firstDay: '2026-11-03', lowestKobo: -35_000 },
      ]);
    });
  });
});
