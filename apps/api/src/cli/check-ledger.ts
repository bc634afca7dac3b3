/**
 * `npm run check:ledger`: lists every savings account whose statement, ordered by value date, goes
 * below ₦0 on some day (issue 26), and any stored balance that differs from its ledger (DECISIONS 9).
 * Reads only; changes nothing. Uses the server's database settings (DATABASE_URL or DATA_DIR);
 * exits 1 when it found something, so a script can act on it.
 */
import { dayLabel, formatNaira } from '@kobo/core';
import { readEnv } from '../config/env.ts';
import { findLedgerDrift, findNegativeStatements } from '../modules/savings/ledger-drift.ts';
import { runCli, withServerDatabase } from './cli-support.ts';

const RUNNING_SERVER_HINT = 'The embedded database belongs to the running server: stop it first, or run the check on a copy of DATA_DIR.';

async function main() {
  const found = await withServerDatabase(
    readEnv(),
    async (database) => {
      const negative = await findNegativeStatements(database.db);
      const drift = await findLedgerDrift(database.db);
      for (const account of negative) {
        const who = account.staffId ? `${account.staffId} ${account.holderName}` : account.holderName;
        console.log(`${who}: below ₦0 from ${dayLabel(account.firstDay)}, lowest ${formatNaira(account.lowestKobo)} (account ${account.accountId})`);
      }
      for (const account of drift) {
        console.log(`Account ${account.accountId}: stored balance ${formatNaira(account.storedKobo)}, ledger ${formatNaira(account.ledgerKobo)}`);
      }
      if (negative.length === 0 && drift.length === 0) console.log('Every statement stays at or above ₦0, and every balance equals its ledger.');
      else console.log(`${negative.length} statement(s) below ₦0, ${drift.length} balance(s) differing from the ledger. Nothing was changed.`);
      return negative.length + drift.length;
    },
    RUNNING_SERVER_HINT,
  );
  if (found > 0) process.exitCode = 1;
}

runCli(main);
