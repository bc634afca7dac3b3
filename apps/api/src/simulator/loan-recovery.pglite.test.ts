import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { simulateInTest as simulate } from './simulation-test-support.ts';

// Bugs in guarantor recovery planted straight into the database with SQL, at the first month's end
// after a recovery was approved on a loan still running (seed 3 has three in 2016): the month's
// checks must fail, naming the invariant, the seed and the simulated date.
describe('a planted guarantor-recovery bug', () => {
  it("a guarantee not lowered by the guarantor's share is found by the liens", { timeout: 240_000 }, async () => {
    let plantedOn = '';
    const run = simulate({
      seed: 3,
      years: 1,
      members: 8,
      afterMonth: async ({ day, app }) => {
        if (plantedOn) return;
        // The newest claim's guarantee put back as it was before the recovery lowered it.
        const restored = await queryRows<{ loan_id: string }>(app.kobo.database.db, sql`
          update loan_guarantors g set amount_kobo = g.amount_kobo + c.amount_kobo
          from guarantor_claims c join loans l on l.id = c.loan_id and l.status = 'active'
          where g.loan_id = c.loan_id and g.account_id = c.guarantor_account_id and g.status = 'accepted'
            and c.id = (select c2.id from guarantor_claims c2 join loans l2 on l2.id = c2.loan_id and l2.status = 'active' order by c2.created_at desc limit 1)
          returning g.loan_id::text`);
        if (restored.length > 0) plantedOn = day;
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*the liens agree with the loan model.*\nseed 3, simulated date \d{4}-\d\d-\d\d/);
    await expect(run).rejects.toThrow(`simulated date ${plantedOn}`);
  });

  it("a share recorded twice as the borrower's debt is found by the recovery check", { timeout: 240_000 }, async () => {
    let plantedOn = '';
    const run = simulate({
      seed: 3,
      years: 1,
      members: 8,
      afterMonth: async ({ day, app }) => {
        if (plantedOn) return;
        // The newest claim's share counted twice (one claim per recovery and guarantor, so its amount doubles).
        const doubled = await queryRows<{ id: string }>(app.kobo.database.db, sql`
          update guarantor_claims set amount_kobo = amount_kobo * 2
          where id = (select id from guarantor_claims order by created_at desc limit 1)
          returning id::text`);
        if (doubled.length > 0) plantedOn = day;
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*each loan's recoveries and the borrowers' debts to guarantors agree with the recovery model\nseed 3, simulated date \d{4}-\d\d-\d\d/);
    await expect(run).rejects.toThrow(`simulated date ${plantedOn}`);
  });
});
