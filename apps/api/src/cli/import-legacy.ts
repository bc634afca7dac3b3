/**
 * Brings the old app's data into Kobo (issue 16, docs/decisions/026-legacy-import.md). Uses the
 * same database settings as the server (DATABASE_URL or DATA_DIR, APP_URL, APP_TIMEZONE).
 *
 *   npm run import:legacy -- export.json --dry-run     # the report, nothing written
 *   npm run import:legacy -- export.json               # all of it, or nothing
 *   npm run import:legacy -- export.json --json        # the report as JSON, for machines
 *
 * With PGlite, stop the server first: the data directory belongs to one process.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { importLegacy } from '../legacy/import-legacy.ts';
import { formatReport } from '../legacy/legacy-report.ts';
import { LegacyFileError, MAX_FILE_BYTES, readLegacyExport } from '../legacy/read-legacy-file.ts';
import { CliError, fail, runCli, withServerDatabase } from './cli-support.ts';

const USAGE = 'usage: npm run import:legacy -- FILE.json [--dry-run] [--json]';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  });
  const [path] = positionals;
  if (!path || positionals.length > 1) fail(USAGE);
  let text: string;
  try {
    if (statSync(path).size > MAX_FILE_BYTES) fail('The file is larger than 200 MB.');
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    fail(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let file;
  try {
    file = readLegacyExport(text);
  } catch (error) {
    if (error instanceof LegacyFileError) fail(`Nothing was imported. ${error.message}`);
    throw error;
  }

  const env = readEnv();
  await withServerDatabase(env, async (database) => {
    await migrateDatabase(database);
    const report = await importLegacy(database.db, file, {
      now: new Date(),
      timeZone: env.APP_TIMEZONE,
      appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
      dryRun: values['dry-run'] ?? false,
    });
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
    if (!report.dryRun && report.imported.invitations > 0 && !values.json) {
      console.log(`\n${report.imported.invitations} invitation mails are queued; the server sends them when it runs.`);
    }
  });
}

runCli(main, 'Nothing was imported: the import runs in one transaction.');
