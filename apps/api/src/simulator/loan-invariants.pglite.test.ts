import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { simulateInTest as simulate } from './simulation-test-support.ts';


// Loan bugs planted straight into the database with SQL, bypassing the API as a bug in Kobo would:
// the month's loan checks must fail, naming the invariant, the seed and the simulated date.
describe('a planted loan bug', () => {
  it('a repayment posted twice (issue 35) is found by the loans control account and the count of loan entries', { timeout: 240_000 }, async () => {
    const run = simulate({
      seed: 7,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 4) return;
        // The latest repayment, once more: the same loan, amount, allocation and day.
        const inserted = await queryRows<{ id: string }>(app.kobo.database.db, sql`
          insert into loan_transactions (loan_id, type, amount_kobo, value_date, allocation, batch_id, created_by_id, created_by_email, created_at)
          select loan_id, type, amount_kobo, value_date, allocation, batch_id, created_by_id, created_by_email, created_at
          from loan_transactions where type = 'repayment' and reverses_id is null order by seq desc limit 1
          returning id`);
        expect(inserted).toHaveLength(1);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*the loans control account equals the loans outstanding and each repayment posted once\nseed 7, simulated date 2016-05-31/);
  });

  it("an instalment marked paid with no repayment is found by the loan views and the liens", { timeout: 240_000 }, async () => {
    const run = simulate({
      seed: 8,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 5) return;
        const updated = await queryRows<{ loan_id: string }>(app.kobo.database.db, sql`
          update loan_instalments set principal_paid_kobo = principal_paid_kobo + 100
          where (loan_id, number) = (
            select i.loan_id, i.number from loan_instalments i join loans l on l.id = i.loan_id
            where l.status = 'active' and i.principal_paid_kobo + 100 <= i.principal_kobo order by l.seq, i.number limit 1)
          returning loan_id`);
        expect(updated).toHaveLength(1);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*each loan as the officer and the member see it agrees with the loan model and the liens agree with the loan model and no available balance is below zero\nseed 8, simulated date 2016-06-30/);
  });
});
