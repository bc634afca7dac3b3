import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.ts';
import { findBookProblems } from '../modules/ledger/book-problems.ts';
import { decodeBackup, encodeBackup } from './backup-file.ts';
import { openEmptyDatabase } from './backup-test-support.ts';
import { appliedMigrationLevel } from './migration-level.ts';
import { restoreBackup } from './restore-backup.ts';

/**
 * Issue 27's migration on a real backup from before the books: taken with commit d501518 (the
 * code just before migration 0015) from data made through the API on 15 November 2026. Ada and
 * Bola's deposits, a reversed deposit, a withdrawal, a transfer and an October payroll run; Chidi's
 * deposit; a flat loan of ₦120,000 (fee ₦1,000) repaid ₦12,200; a reducing loan of ₦100,000
 * (fee 1%) repaid ₦10,000 and then written off; stationery ₦1,250.50 in cash; diesel keyed ₦2,500
 * in cash and edited to ₦3,000 by bank transfer; ₦999 keyed twice and deleted.
 */
const BEFORE_THE_BOOKS = readFileSync(new URL('./fixtures/before-the-books.kobo-backup', import.meta.url));
const kind = process.env.KOBO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
// A restore migrates from the very first migration; on a busy 2-core machine that takes a while.
const RESTORE_TIMEOUT_MS = 180_000;

async function withEmptyTarget(check: (target: DatabaseHandle) => Promise<void>): Promise<void> {
  const target = await openEmptyDatabase(kind);
  try {
    await check(target.handle);
  } finally {
    await target.drop();
  }
}

type Balance = { book: string; code: string; name: string; balance: number };
async function trialBalance(target: DatabaseHandle): Promise<Balance[]> {
  const rows = await queryRows<{ book: string; code: string; name: string; balance: string | number }>(
    target.db,
    sql`select a.book, a.code, a.name, sum(l.amount_kobo) as balance
        from journal_lines l join ledger_accounts a on a.id = l.account_id
        group by a.book, a.code, a.name having sum(l.amount_kobo) <> 0 order by a.book, a.code`,
  );
  return rows.map((row) => ({ ...row, balance: Number(row.balance) }));
}

describe(`the books' migration on a backup from before them (${kind})`, () => {
  it('posts the whole history into balanced books that agree with every member, loan and expense', async () => {
    await withEmptyTarget(async (target) => {
      await restoreBackup(target, BEFORE_THE_BOOKS);
      expect(await findBookProblems(target.db)).toEqual([]);
      // Worked by hand from the history above (debits positive, credits negative, in kobo).
      expect(await trialBalance(target)).toEqual([
        // Stationery in cash; diesel as it stands after its edit (₦3,000 by bank transfer); the deleted ₦999 posts nothing.
        { book: 'organisation', code: '1000', name: 'Cash', balance: -125_050 },
        { book: 'organisation', code: '1010', name: 'Bank', balance: -300_000 },
        { book: 'organisation', code: '6001', name: 'Backup stationery', balance: 125_050 },
        { book: 'organisation', code: '6002', name: 'Backup diesel', balance: 300_000 },
        // Counter postings ₦207,499.75, less ₦220,000 lent, plus ₦12,200 and ₦10,000 repaid.
        { book: 'scheme', code: '1000', name: 'Bank', balance: 969_975 },
        // The October run: ₦5,000 each for Ada and Bola.
        { book: 'scheme', code: '1100', name: 'Payroll deductions receivable', balance: 1_000_000 },
        // Ada's ₦120,000 + ₦1,000 fee, less the fee and ₦10,000 principal repaid; Chidi's loan is written off.
        { book: 'scheme', code: '1200', name: 'Loans to members', balance: 11_000_000 },
        { book: 'scheme', code: '2000', name: "Members' savings", balance: -21_749_975 },
        // ₦1,200 of Ada's first instalment; ₦1,000 + ₦115.12 of Chidi's first two months' interest.
        { book: 'scheme', code: '4000', name: 'Interest income', balance: -231_512 },
        { book: 'scheme', code: '4100', name: 'Fee income', balance: -200_000 },
        // Chidi's ₦100,000 + ₦1,000 fee, less the fee and ₦7,884.88 principal repaid.
        { book: 'scheme', code: '5000', name: 'Loans written off', balance: 9_211_512 },
      ]);
      const [counts] = await queryRows<{ entries: number; reversals: number }>(
        target.db,
        sql`select count(*)::int as entries, count(*) filter (where reverses_entry_id is not null)::int as reversals from journal_entries`,
      );
      // 10 savings postings (a transfer is one entry), 5 loan transactions, 1 write-off, 2 expenses; one reversal.
      expect(counts).toEqual({ entries: 18, reversals: 1 });
    });
  }, RESTORE_TIMEOUT_MS);

  it('is refused, and changes nothing, when the history would not post into balanced books', async () => {
    const { manifest, tables } = decodeBackup(BEFORE_THE_BOOKS);
    // A loan whose stored fee outstanding disagrees with its own ledger: the books could not agree with it.
    const loans = tables.find((table) => table.table === 'loans');
    const feeColumn = loans?.columns.indexOf('fee_outstanding_kobo') ?? -1;
    const tampered = tables.map((table) =>
      table.table === 'loans' ? { ...table, rows: table.rows.map((row) => row.map((value, index) => (index === feeColumn ? '777' : value))) } : table,
    );
    const { checksum: _checksum, ...draft } = manifest;
    const { content } = encodeBackup(draft, tampered);
    await withEmptyTarget(async (target) => {
      const refusal = await restoreBackup(target, content).then(
        () => 'not refused',
        (error: unknown) => messagesOf(error),
      );
      expect(refusal).toMatch(/the books do not agree with the history \(loan differs from the books: [0-9a-f-]{36} expected \d+, found \d+\); nothing was migrated/);
      // The restored rows stay at the backup's own level: no journal, no chart, nothing half-made.
      expect((await appliedMigrationLevel(target.db))?.tag).toBe('0014_loan_early_payment');
      const [made] = await queryRows<{ count: number }>(target.db, sql`select count(*)::int as count from information_schema.tables where table_name in ('journal_entries', 'ledger_accounts')`);
      expect(made?.count).toBe(0);
    });
  }, RESTORE_TIMEOUT_MS);
});

/** The error's message and its causes' (drizzle wraps the database's own message in `cause`). */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let current = error as { message?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    messages.push(String(current.message));
  }
  return messages.join(' | ');
}
