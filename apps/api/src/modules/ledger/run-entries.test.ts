import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, openSavingsContext, post, reverse } from '../savings/savings-test-support.ts';

/**
 * Decision 071: a run's journal entry posts each product's control account its total, money in and
 * money out apart, and the members' detail stays in the run's rows. A run's reversal is the same
 * totals the other way; one row of a run reversed on its own still names its member. Any other
 * entry may not leave a control account's line without its member or loan.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-08-05T09:00:00Z'),
);
const db = () => ctx.app.kobo.database.db as Database;

type Line = { code: string; subledger: boolean; amount: number };
type Entry = { id: string; narration: string; reverses: string | null; lines: Line[] };

/** Each entry made from the source, with its lines, in entry and line order. */
async function entries(sourceType: string, sourceId: string): Promise<Entry[]> {
  const rows = await queryRows<{ id: string; narration: string; reverses: string | null; code: string; subledger: boolean; amount: string }>(
    db(),
    sql`select e.id, e.narration, e.reverses_entry_id as reverses, a.code, l.subledger_id is not null as subledger, l.amount_kobo::text as amount
        from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where e.source_type = ${sourceType} and e.source_id = ${sourceId} order by e.seq, l.line_no`,
  );
  const byEntry = new Map<string, Entry>();
  for (const row of rows) {
    const entry = byEntry.get(row.id) ?? { id: row.id, narration: row.narration, reverses: row.reverses, lines: [] };
    entry.lines.push({ code: row.code, subledger: row.subledger, amount: Number(row.amount) });
    byEntry.set(row.id, entry);
  }
  return [...byEntry.values()];
}

let christmas = '';
let batchId = '';
let ada = { userId: '', staffId: '' };
let bayo = { userId: '', staffId: '' };
let chidi = { userId: '', staffId: '' };

beforeAll(async () => {
  const [account] = await queryRows<{ id: string }>(
    db(),
    sql`insert into ledger_accounts (book, code, name, kind, subledger) values ('scheme', '2210', 'Christmas Savings', 'liability', 'member_savings') returning id`,
  );
  const [product] = await queryRows<{ id: string }>(
    db(),
    sql`insert into savings_products (name, kind, control_account_id, window_opens, window_closes, payout_on, payout_to)
        values ('Christmas Savings', 'target', ${account!.id}, '12-01', '12-31', '12-31', 'ordinary') returning id`,
  );
  christmas = product!.id;
  const staff = async (name: string) => {
    const added = await addStaff(admin, { name });
    return { userId: added.userId, staffId: added.staffId as string };
  };
  ada = await staff('Ada Run');
  bayo = await staff('Bayo Run');
  chidi = await staff('Chidi Run');
  // Valued before the run's day, so the run's withdrawal leaves no day below ₦0 (issue 26).
  const saved = await post(admin, { userId: chidi.userId, type: 'deposit', amount: '10,000', valueDate: '2026-07-01' });
  if (saved.statusCode !== 201) throw new Error(`the deposit was refused: ${saved.body}`);
});

describe("a run's entry", () => {
  it('posts each control account its total, money in and out apart: ₦8,000 and ₦2,000 in, ₦1,000 out', async () => {
    const posted = await admin.post('/api/savings/batches', {
      month: '2026-07',
      rows: [
        { ref: ada.staffId, amount: '5,000', products: { [christmas]: '2,000' } },
        { ref: bayo.staffId, amount: '3,000' },
        { ref: chidi.staffId, amount: '1,000', type: 'withdrawal', description: 'Refund of excess' },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    batchId = posted.json().batch.id;
    const [run, ...others] = await entries('savings_batch', batchId);
    expect(others).toEqual([]);
    expect(run?.narration).toBe('Payroll batch · July 2026 contribution');
    // Cr Members' savings 5,000 + 3,000; Cr Christmas Savings 2,000; Dr Members' savings 1,000 (the
    // withdrawal); Dr Payroll deductions receivable 10,000 in, Cr it 1,000 out.
    expect(run?.lines).toEqual([
      { code: '2000', subledger: false, amount: -800_000 },
      { code: '2210', subledger: false, amount: -200_000 },
      { code: '2000', subledger: false, amount: 100_000 },
      { code: '1100', subledger: false, amount: 1_000_000 },
      { code: '1100', subledger: false, amount: -100_000 },
    ]);
    // The members' detail is the run's rows.
    const rows = await queryRows<{ name: string; type: string; amount: string }>(
      db(),
      sql`select a.holder_name as name, t.type, t.amount_kobo::text as amount from savings_transactions t join savings_accounts a on a.id = t.account_id
          where t.batch_id = ${batchId} order by t.seq`,
    );
    expect(rows.map((row) => [row.name, row.type, Number(row.amount)])).toEqual([
      ['Ada Run', 'deposit', 500_000],
      ['Ada Run', 'deposit', 200_000],
      ['Bayo Run', 'deposit', 300_000],
      ['Chidi Run', 'withdrawal', 100_000],
    ]);
  });

  it("reverses one row on its own with its member named, then the rest of the run as totals that point at the run's entry", async () => {
    const detail = (await admin.get(`/api/savings/batches/${batchId}`)).json();
    const bayoRow = detail.postings.find((posting: { name: string }) => posting.name === 'Bayo Run');
    expect((await reverse(admin, bayoRow.transactionId, { reason: 'Bayo was on leave' })).statusCode).toBe(201);
    const [run] = await entries('savings_batch', batchId);
    const [reversalRow] = await queryRows<{ id: string }>(db(), sql`select id from savings_transactions where reverses_id = ${bayoRow.transactionId}`);
    const [alone] = await entries('savings', reversalRow!.id);
    expect(alone?.reverses).toBe(run?.id);
    expect(alone?.lines).toEqual([
      { code: '2000', subledger: true, amount: 300_000 },
      { code: '1100', subledger: false, amount: -300_000 },
    ]);

    const reversed = await admin.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'Payroll sent the wrong month' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const [, reversal] = await entries('savings_batch', batchId);
    expect(reversal?.reverses).toBe(run?.id);
    expect(reversal?.narration).toBe('Reversal · Payroll batch · July 2026 contribution · Payroll sent the wrong month');
    // What was left of the run, the other way: Ada's 5,000 and 2,000, Chidi's 1,000.
    expect(reversal?.lines.toSorted((a, b) => a.code.localeCompare(b.code) || a.amount - b.amount)).toEqual([
      { code: '1100', subledger: false, amount: -700_000 },
      { code: '1100', subledger: false, amount: 100_000 },
      { code: '2000', subledger: false, amount: -100_000 },
      { code: '2000', subledger: false, amount: 500_000 },
      { code: '2210', subledger: false, amount: 200_000 },
    ]);
  });
});

describe("a control account's line", () => {
  it("is refused without its member or loan in any entry but a run's", async () => {
    const [control] = await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where code = '2000' and book = 'scheme'`);
    const [bank] = await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where code = '1000' and book = 'scheme'`);
    const write = (sourceType: string) =>
      db().execute(sql`
        with entry as (
          insert into journal_entries (book, value_date, source_type, source_id, narration)
          values ('scheme', '2026-08-05', ${sourceType}, gen_random_uuid(), 'A control line without its member') returning id
        )
        insert into journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
        select entry.id, 1, ${control!.id}::uuid, null::uuid, -100, '2026-08-05'::date from entry
        union all select entry.id, 2, ${bank!.id}::uuid, null::uuid, 100, '2026-08-05'::date from entry`);
    for (const sourceType of ['manual', 'savings']) {
      const refused = await write(sourceType).then(
        () => 'no error',
        (error: unknown) => postgresErrorOf(error)?.code,
      );
      expect(refused, sourceType).toBe('23514');
    }
    const [before] = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from journal_entries where narration = 'A control line without its member'`);
    expect(before?.n).toBe('0');
  });
});
