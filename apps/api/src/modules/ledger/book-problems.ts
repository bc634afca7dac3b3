import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

export type BookProblem = { problem: string; subject: string; expectedKobo: number; foundKobo: number };

/**
 * The books' invariants (issue 27), as the database's one ledger_problems() states them: every
 * entry balances; each book's trial balance balances; the day balances equal the lines; each
 * member's savings, each loan's position and each expense equal what the sub-ledgers hold. Empty on
 * healthy books. Reads only. The migration that made the books ran the same check.
 */
export async function findBookProblems(db: Database | Transaction, limit = 100): Promise<BookProblem[]> {
  const rows = await queryRows<{ problem: string; subject: string; expected_kobo: string | number; found_kobo: string | number }>(
    db,
    sql`select problem, subject, expected_kobo, found_kobo from ledger_problems() order by problem, subject limit ${limit}`,
  );
  return rows.map((row) => ({ problem: row.problem, subject: row.subject, expectedKobo: Number(row.expected_kobo), foundKobo: Number(row.found_kobo) }));
}
