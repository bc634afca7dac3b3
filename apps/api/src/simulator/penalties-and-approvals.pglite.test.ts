import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { simulateInTest as simulate } from './simulation-test-support.ts';

// Bugs in penalties and two-person approvals planted straight into the database with SQL, at the
// first month's end that has something to plant on: the month's checks must fail, naming the
// invariant, the seed and the simulated date.
describe('a planted penalty or approval bug', () => {
  it("penalty income moved by SQL (₦1 of income no charge made) is found by Penalties receivable", { timeout: 240_000 }, async () => {
    let plantedOn = '';
    const run = simulate({
      seed: 7,
      years: 1,
      members: 6,
      afterMonth: async ({ day, app }) => {
        if (plantedOn) return;
        // The journal is append-only, so the bug is an extra entry: ₦1 more penalty income than any charge made.
        const moved = await queryRows<{ id: string }>(app.kobo.database.db, sql`
          with e as (
            insert into journal_entries (book, value_date, source_type, source_id, narration, created_by_id)
            select 'scheme', ${day}::date, 'penalty', source_id, 'planted penalty', null
            from journal_entries where source_type = 'penalty' order by created_at desc limit 1
            returning id)
          insert into journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
          select e.id, side.line_no, m.account_id, null, side.amount_kobo, ${day}::date
          from e cross join (values (1, 'loans.penalty_receivable', 100), (2, 'loans.penalty_income', -100)) as side(line_no, key, amount_kobo)
          join ledger_mappings m on m.key = side.key
          returning entry_id::text as id`);
        if (moved.length > 0) plantedOn = day;
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*Penalties receivable equals the penalties the loans owe\nseed 7, simulated date (\d{4}-\d\d-\d\d)/);
    await expect(run).rejects.toThrow(`simulated date ${plantedOn}`);
  });

  it('an approved withdrawal posted twice is found by the ledger check and the model', { timeout: 240_000 }, async () => {
    let plantedOn = '';
    const run = simulate({
      seed: 8,
      years: 1,
      members: 6,
      loans: false,
      afterMonth: async ({ day, app }) => {
        if (plantedOn) return;
        // The approval's posting, once more: the same account, amount and day.
        const inserted = await queryRows<{ id: string }>(app.kobo.database.db, sql`
          insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, created_at, value_date)
          select t.account_id, t.type, t.amount_kobo, t.description, t.created_by_id, t.created_by_email, t.created_at, t.value_date
          from savings_requests r join savings_transactions t on t.id = r.transaction_id
          where r.status = 'approved' order by t.seq desc limit 1
          returning id`);
        if (inserted.length > 0) plantedOn = day;
      },
    });
    await expect(run).rejects.toThrow(/^simulator: invariant broken: .*the model agrees with Kobo's balances.*\nseed 8, simulated date \d{4}-\d\d-\d\d/);
    await expect(run).rejects.toThrow(`simulated date ${plantedOn}`);
  });
});
