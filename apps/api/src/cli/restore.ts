/**
 * Loads a backup into an empty database (docs/decisions/025-backups.md): DATABASE_URL when set,
 * else the PGlite data directory DATA_DIR. The same file restores into either, which is how an
 * organisation moves from the embedded database to a PostgreSQL server.
 *
 *   npm run restore -- data/backups/kobo-2026-11-15T02-00-00Z.kobo-backup
 *
 * Refuses a damaged file, a backup from a newer Kobo and a target holding users or ledger rows.
 * With PGlite, stop the server first: the data directory belongs to one process.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatNaira } from '@kobo/core';
import { readEnv } from '../config/env.ts';
import { BackupRefusedError } from '../backup/backup-file.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import { fail, runCli, withServerDatabase } from './cli-support.ts';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const path = positionals[0];
  if (!path || positionals.length > 1) fail('usage: npm run restore -- FILE');
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch (error) {
    fail(`Cannot read ${path}: ${(error as Error).message}`);
  }
  const env = readEnv();
  await withServerDatabase(env, async (database) => {
    try {
      const manifest = await restoreBackup(database, file);
      const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
      console.log(
        `Restored the backup of ${manifest.createdAt} into ${env.DATABASE_URL ? 'DATABASE_URL' : env.DATA_DIR}: ${rows} rows in ` +
          `${Object.keys(manifest.rowCounts).length} tables; savings balances ${formatNaira(Number(manifest.totals.savingsBalances))}, matching the manifest.`,
      );
    } catch (error) {
      if (error instanceof BackupRefusedError) fail(error.message);
      throw error;
    }
  });
}

runCli(main);
