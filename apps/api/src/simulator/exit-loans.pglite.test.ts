import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { EXITS } from './exits.ts';
import { LOAN_INVARIANTS } from './loan-invariants.ts';
import { simulateInTest as simulate } from './simulation-test-support.ts';

/** The seeds whose first leaver tied by a loan meets each planted bug (8 members, two years at most). */
const SEEDS = { release: 1, payoff: 1, recovery: 9 } as const;
// Seed 1: Member 4's guarantee, replaced during their notice, is set back on 2016-06-30; Member 5's exit on 2016-12-05 pays off a loan's ₦598.90.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Leavers tied by loans (issue 35, decision 065's addendum): bugs planted straight into the
// database with SQL, as a bug in Kobo's exit would leave them; the checks must fail naming the
// invariant, the seed and the simulated date.
describe('a planted bug in a leaver’s loans', () => {
  it('a guarantee left holding the leaver’s savings after its release is found by the liens at the month’s end', { timeout: 240_000 }, async () => {
    let plantedOn = '';
    const run = simulate({
      seed: SEEDS.release,
      years: 2,
      members: 8,
      afterMonth: async ({ day, app }) => {
        if (plantedOn) return;
        // The release undone: the leaver (still at notice) guarantees the loan again as far as the liens go.
        const undone = await queryRows<{ loan_id: string }>(app.kobo.database.db, sql`
          update loan_guarantors g set status = 'accepted', released_reason = null, released_at = null
          from savings_accounts a, member_exits e
          where g.status = 'released' and a.id = g.account_id and e.user_id = a.user_id and e.status = 'notice'
          returning g.loan_id::text`);
        if (undone.length > 0) plantedOn = day;
      },
    });
    // The leaver's held figure is checked twice: with the pending withdrawals (withdrawal-approvals.ts) and with the liens.
    await expect(run).rejects.toThrow(new RegExp(`^simulator: invariant broken: .*${escape(LOAN_INVARIANTS.liens)}\\nseed ${SEEDS.release}, simulated date 2016-06-30[^]*Member 4 Sim: model held 0, available 5761244; Kobo held 640000, available 5121244`));
    await expect(run).rejects.toThrow(`simulated date ${plantedOn}`);
  });

  it('a leaver’s payoff row written ₦1 above the statement’s is found on the day the exit settles', { timeout: 240_000 }, async () => {
    let plantedOn = '';
    const run = simulate({
      seed: SEEDS.payoff,
      years: 2,
      members: 8,
      afterMonth: async ({ day, app }) => {
        if (plantedOn) return;
        // A bug in the exit's payoff: each loan row it writes carries ₦1 more than its allocation.
        await app.kobo.database.db.execute(sql`
          create or replace function planted_exit_payoff() returns trigger language plpgsql as $$
          begin
            if current_setting('kobo.journal_by_caller', true) = 'exit' and new.type = 'repayment' then new.amount_kobo := new.amount_kobo + 100; end if;
            return new;
          end $$`);
        await app.kobo.database.db.execute(sql`create trigger planted_exit_payoff before insert on loan_transactions for each row execute function planted_exit_payoff()`);
        plantedOn = day;
      },
    });
    await expect(run).rejects.toThrow(new RegExp(`^simulator: invariant broken: ${escape(EXITS)}\\nseed ${SEEDS.payoff}, simulated date 2016-12-05 [^]*\\nMember 5 Sim's exit: loan [0-9a-f-]+ after the exit: repaid, outstanding 0, newest entry .*"amountKobo":59990`));
    expect(plantedOn).toBe('2016-01-31');
  });

  it('a guarantor’s recovery row written ₦1 above their part is found on the day the exit settles', { timeout: 240_000 }, async () => {
    const run = simulate({
      seed: SEEDS.recovery,
      years: 2,
      members: 8,
      afterMonth: async ({ index, app }) => {
        if (index > 0) return;
        // A bug in the shortfall's split: each guarantor's recovery row carries ₦1 more than their part.
        await app.kobo.database.db.execute(sql`
          create or replace function planted_exit_recovery() returns trigger language plpgsql as $$
          begin
            if current_setting('kobo.journal_by_caller', true) = 'exit' and new.description like 'Recovery for %' then new.amount_kobo := new.amount_kobo + 100; end if;
            return new;
          end $$`);
        await app.kobo.database.db.execute(sql`create trigger planted_exit_recovery before insert on savings_transactions for each row execute function planted_exit_recovery()`);
      },
    });
    await expect(run).rejects.toThrow(new RegExp(`^simulator: invariant broken: ${escape(EXITS)}\\nseed ${SEEDS.recovery}, simulated date 2016-09-30 [^]*\\nMember 7 Sim's exit: no recovery of 13756.07 from guarantor [0-9a-f-]+: their rows today .*"amountKobo":1375707`));
  });
});
