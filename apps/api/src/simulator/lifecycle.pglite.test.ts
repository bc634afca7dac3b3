import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SimulationTarget } from './simulation.ts';
import { EXITS } from './exits.ts';
import { EXPENSES_BOOK } from './expenses.ts';
import { LIFECYCLE_INVARIANTS } from './lifecycle-invariants.ts';
import { PAYROLL_LOOP } from './payroll-loop.ts';
import { simulateInTest } from './simulation-test-support.ts';
import { YEAR_END } from './year-end.ts';

/** A short run of a small scheme with a bug planted after month `index` (0 is January 2016). */
async function plantedRun(seed: number, months: number, index: number, plant: (app: SimulationTarget) => Promise<unknown>) {
  await simulateInTest({ seed, years: months / 12, members: 6, loans: false, afterMonth: async (month) => (month.index === index ? void (await plant(month.app)) : undefined) });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Bugs planted straight into the database with SQL, as a bug in Kobo would leave them: the
// lifecycle's checks (issue 35, decision 065) must fail, naming the invariant, the seed and the day.
describe('a planted bug in a member’s life', () => {
  it('a standing contribution moved, arrears paid down with no remittance, a member made inactive and an expense changed are each found at the month’s end', { timeout: 120_000 }, async () => {
    const run = plantedRun(9, 12, 3, async (app) => {
      const db = app.kobo.database.db;
      await db.execute(sql`update standing_contributions set amount_kobo = amount_kobo + 100 where user_id = (select user_id from standing_contributions where amount_kobo > 0 order by user_id limit 1)`);
      await db.execute(sql`update contribution_arrears set outstanding_kobo = outstanding_kobo - 1 where id = (select id from contribution_arrears where outstanding_kobo > 0 order by month, user_id limit 1)`);
      // An expense's amount changed with no request: the book follows it (its triggers), the model does not.
      await db.execute(sql`update expenses set amount_kobo = amount_kobo + 100 where id = (select id from expenses order by amount_kobo, id limit 1)`);
      await db.execute(sql`update users set active = false where id = (select u.id from users u where u.role <> 'admin' and u.active order by u.staff_id limit 1)`);
    });
    await expect(run).rejects.toThrow(
      new RegExp(
        `^simulator: invariant broken: .*${escape(LIFECYCLE_INVARIANTS.standing)} and ${escape(LIFECYCLE_INVARIANTS.leavers)} and ${escape(LIFECYCLE_INVARIANTS.arrears)} and ${escape(EXPENSES_BOOK)}\\nseed 9, simulated date 2016-04-30`,
      ),
    );
  });

  it('arrears no longer carried into the advice are found by the next payroll loop', { timeout: 120_000 }, async () => {
    const run = plantedRun(11, 12, 2, (app) => app.kobo.database.db.execute(sql`insert into app_settings (key, value) values ('payroll.rededuct_arrears', 'false') on conflict (key) do update set value = 'false'`));
    await expect(run).rejects.toThrow(new RegExp(`^simulator: invariant broken: ${escape(PAYROLL_LOOP)}\\nseed 11, simulated date 2016-0[4-9]-2[5-9]`));
  });

  it('a withholding tax changed behind the officer’s back is found by the year end’s preview', { timeout: 180_000 }, async () => {
    const run = plantedRun(10, 13, 11, (app) => app.kobo.database.db.execute(sql`update app_settings set value = '500' where key = 'yearend.withholding_tax_bp'`));
    await expect(run).rejects.toThrow(new RegExp(`^simulator: invariant broken: ${escape(YEAR_END)}\\nseed 10, simulated date 2017-01-02`));
  });

  it('an exit fee changed behind the officer’s back is found by the next exit’s statement', { timeout: 120_000 }, async () => {
    const run = plantedRun(12, 12, 1, (app) => app.kobo.database.db.execute(sql`update app_settings set value = '70000' where key = 'exits.fee_kobo'`));
    await expect(run).rejects.toThrow(new RegExp(`^simulator: invariant broken: ${escape(EXITS)}\\nseed 12, simulated date 2016-`));
  });
});
