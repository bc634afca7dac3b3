/**
 * `npm run check:ledger`: lists every savings account whose statement, ordered by value date, goes
 * below ₦0 on some day (issue 26), any stored balance that differs from its ledger (DECISIONS 9),
 * and every way the books disagree (issue 27: an entry that does not balance, a book whose trial
 * balance does not, day balances that differ from the lines, a member, loan or expense whose
 * sub-ledger differs from the journal).
 * Reads only; changes nothing. Uses the server's database settings (DATABASE_URL or DATA_DIR);
 * exits 1 when it found something, so a script can act on it.
 */
import { dayLabel, formatNaira } from '@kobo/core';
import { sql } from 'drizzle-orm';
import { readEnv } from '../config/env.ts';
import { queryRows } from '../db/client.ts';
import { findBookProblems } from '../modules/ledger/book-problems.ts';
import { findLedgerDrift, findNegativeStatements } from '../modules/ledger/ledger-drift.ts';
import { runCli, withServerDatabase } from './cli-support.ts';

const RUNNING_SERVER_HINT = 'The embedded database belongs to the running server: stop it first, or run the check on a copy of DATA_DIR.';

async function main() {
  const found = await withServerDatabase(
    readEnv(),
    async (database) => {
      const negative = await findNegativeStatements(database.db);
      const drift = await findLedgerDrift(database.db);
      const books = await findBookProblems(database.db, 1000);
      for (const account of negative) {
        const who = account.staffId ? `${account.staffId} ${account.holderName}` : account.holderName;
        console.log(`${who}: below ₦0 from ${dayLabel(account.firstDay)}, lowest ${formatNaira(account.lowestKobo)} (account ${account.accountId})`);
      }
      for (const account of drift) {
        console.log(`Account ${account.accountId}: stored balance ${formatNaira(account.storedKobo)}, ledger ${formatNaira(account.ledgerKobo)}`);
      }
      for (const problem of books) {
        console.log(`Books: ${problem.problem} (${problem.subject}): expected ${formatNaira(problem.expectedKobo)}, found ${formatNaira(problem.foundKobo)}`);
      }
      const [entries] = await queryRows<{ entries: string | number; lines: string | number }>(
        database.db,
        sql`select (select count(*) from journal_entries) as entries, (select count(*) from journal_lines) as lines`,
      );
      const size = `${Number(entries?.entries ?? 0).toLocaleString('en-NG')} journal entries, ${Number(entries?.lines ?? 0).toLocaleString('en-NG')} lines`;
      if (negative.length === 0 && drift.length === 0 && books.length === 0) {
        console.log(`Every statement stays at or above ₦0, every balance equals its ledger, and the books agree (${size}).`);
      } else {
        console.log(`${negative.length} statement(s) below ₦0, ${drift.length} balance(s) differing from the ledger, ${books.length} problem(s) in the books (${size}). Nothing was changed.`);
      }
      return negative.length + drift.length + books.length;
    },
    RUNNING_SERVER_HINT,
  );
  if (found > 0) process.exitCode = 1;
}

runCli(main);
