/**
 * Writes a backup of the whole database to one file (docs/decisions/025-backups.md). Uses the
 * server's database settings (DATABASE_URL or DATA_DIR).
 *
 *   npm run backup                        # into BACKUP_DIR, else DATA_DIR/backups
 *   npm run backup -- --out kobo.kobo-backup
 *
 * On PostgreSQL it runs while the server does: one repeatable-read snapshot. PGlite's data
 * directory belongs to one process, so with the server running it refuses; the server's own
 * nightly backup covers that case.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env.ts';
import { backupDirectory, backupFileName } from '../backup/backup-location.ts';
import { takeBackup } from '../backup/take-backup.ts';
import { runCli, withServerDatabase } from './cli-support.ts';

const RUNNING_SERVER_HINT =
  'A running server on the embedded database is backed up by its nightly backup (Settings → Backups); to back up by hand, stop the server first.';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = readEnv();
  const now = new Date();
  const out = values.out ?? join(backupDirectory(env), backupFileName(now));
  await withServerDatabase(
    env,
    async (database) => {
      const { file, size, manifest } = await takeBackup(database, { out, now });
      const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
      console.log(`Wrote ${file} (${size} bytes): ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables, migration ${manifest.migration.tag}.`);
    },
    RUNNING_SERVER_HINT,
  );
}

runCli(main);
