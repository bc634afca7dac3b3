import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAccount } from '../modules/auth/create-account.ts';
import { simulateInTest } from './simulation-test-support.ts';

// One planted bug for each invariant simulator.test.ts does not plant one for (issue 35: every
// invariant with a failing case). Each is planted with SQL after a month, as a bug in Kobo would
// leave it, and the run must fail naming the invariant, the seed and the simulated date. Each runs
// a month or a few of a small scheme: generous limits, for a busy 2-core machine.
describe('a planted bug, for each invariant', () => {
  it('a day balance moved by one kobo unbalances the trial balance', { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 21,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 2) return;
        await app.kobo.database.db.execute(sql`
          update ledger_day_balances set net_kobo = net_kobo + 1
          where (account_id, day, slot) = (select b.account_id, b.day, b.slot from ledger_day_balances b join ledger_accounts a on a.id = b.account_id
                                           where a.book = 'scheme' order by b.day desc, b.account_id limit 1)`);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*the trial balance balances.*\nseed 21, simulated date 2016-03-31/);
  });

  it("a balance below zero is found in the officer's list", { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 22,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 1) return;
        // The database's own guard gone, then a balance written below zero.
        const db = app.kobo.database.db;
        await db.execute(sql`alter table savings_accounts drop constraint savings_accounts_balance_check`);
        await db.execute(sql`
          update savings_accounts set balance_kobo = -1
          where id = (select id from savings_accounts order by staff_id limit 1)`);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*no balance below zero.*\nseed 22, simulated date 2016-02-29/);
  });

  it('a posting the database refuses with an internal error is answered 5xx', { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 23,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 0) return;
        // A fault deep in the posting path: every deposit from February on fails inside the database.
        const db = app.kobo.database.db;
        await db.execute(sql.raw(`
          create function sim_planted_fault() returns trigger language plpgsql as $$
          begin
            if new.type = 'deposit' then raise exception 'planted fault' using errcode = 'XX000'; end if;
            return new;
          end $$`));
        await db.execute(sql.raw('create trigger sim_planted_fault before insert on savings_transactions for each row execute function sim_planted_fault()'));
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: every request answered below 500\nseed 23, simulated date 2016-02-\d\d .*\nPOST \/api\/savings\/(transactions|batches) answered 500/);
  });

  it('a deposit for somebody who should not exist is accepted: the hostile request is not refused', { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 26,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 0) return;
        // The "nobody to pay" attack names the all-zero id: here a real person holds it.
        const db = app.kobo.database.db;
        const nobody = await createAccount(db, { name: 'Planted Nobody', email: 'nobody.seed26@sim.kobo.test', password: null, role: 'user' });
        await db.execute(sql`update users set id = '00000000-0000-0000-0000-000000000000' where id = ${nobody.id}`);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: hostile requests are refused and change nothing\nseed 26, simulated date 2016-\d\d-\d\d .*\nnobody to pay: answered 201/);
  });

  it('two-person approval switched on behind the officer turns postings into requests: not the answer the model expects', { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 25,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 0) return;
        // The simulation sets a ₦200,000 threshold (withdrawal-approvals.ts): lowered to ₦1, ordinary postings wait.
        await app.kobo.database.db.execute(sql`insert into app_settings (key, value) values ('savings.two_person_threshold_kobo', '100') on conflict (key) do update set value = excluded.value`);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: Kobo answers as the model expects\nseed 25, simulated date 2016-02-\d\d .*\n.*expected 201, Kobo answered 202/);
  });
});

// The first two planted bugs (they stood in simulator.test.ts, which runs on both databases; a
// planted bug proves the simulator's checks, which no database changes, so once, on PGlite).
describe('a planted bug', () => {
  it("a deposit written twice is found by the ledger check, the members' own statements and the count of postings", { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 7,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 3) return;
        // The latest deposit, once more: the same account, amount and day.
        await app.kobo.database.db.execute(sql`
          insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, created_at, value_date)
          select account_id, type, amount_kobo, description, created_by_id, created_by_email, created_at, value_date
          from savings_transactions where type = 'deposit' and reverses_id is null order by seq desc limit 1`);
      },
    });
    await expect(run).rejects.toThrow(
      "simulator: invariant broken: the database's ledger check reports nothing and the model agrees with Kobo's balances and each Idempotency-Key posted at most once\nseed 7, simulated date 2016-04-30",
    );
  });

  it("a balance moved by one kobo with no posting is found by the model (and the ledger check)", { timeout: 180_000 }, async () => {
    const run = simulateInTest({
      seed: 8,
      years: 1,
      members: 6,
      afterMonth: async ({ index, app }) => {
        if (index !== 5) return;
        await app.kobo.database.db.execute(sql`
          update savings_accounts set balance_kobo = balance_kobo + 1
          where id = (select id from savings_accounts where balance_kobo > 0 order by staff_id limit 1)`);
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*the model agrees with Kobo's balances\nseed 8, simulated date 2016-06-30/);
  });
});
