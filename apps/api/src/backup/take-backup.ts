import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle, type Transaction } from '../db/client.ts';
import { readSnapshot } from '../db/read-snapshot.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, encodeBackup, type Manifest, type TableDump } from './backup-file.ts';
import { quoted, readTables, type TableInfo } from './catalog.ts';
import { countRows, ledgerTotals } from './ledger-totals.ts';
import { appliedMigrationLevel } from './migration-level.ts';

export type BackupResult = { file: string; size: number; manifest: Manifest };

/** Kobo's version as the root package.json gives it (it may carry none yet). */
export function koboVersion(): string {
  const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return root.version ?? '0.0.0';
}

/**
 * Text output of every type in the forms both databases read back unchanged, whatever the
 * server's or the session's own settings: UTC with its offset, ISO dates, hex bytea.
 */
export async function useNeutralTextFormats(tx: Transaction): Promise<void> {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
  await tx.execute(sql`set local intervalstyle = 'postgres'`);
  await tx.execute(sql`set local extra_float_digits = 3`);
  await tx.execute(sql`set local bytea_output = 'hex'`);
}

/**
 * Writes one backup file of every table in schema public. Everything is read inside one
 * REPEATABLE READ, READ ONLY transaction: one snapshot, so postings committed while it runs are
 * either wholly in the file or wholly not, and the server keeps running meanwhile. The file is
 * written beside its final name and renamed into place, so a crash never leaves half a backup.
 */
export async function takeBackup(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  options: { out: string; now?: Date },
): Promise<BackupResult> {
  const snapshot = await readSnapshot(handle.db, async (tx) => {
    await useNeutralTextFormats(tx);
    const migration = await appliedMigrationLevel(tx);
    if (!migration) throw new Error('This database has no Kobo schema to back up.');
    const infos = await readTables(tx);
    const dumps: TableDump[] = [];
    for (const info of infos) dumps.push(await dumpTable(tx, info));
    const names = infos.map((info) => info.name);
    const counts = await countRows(tx, names);
    const draft: Omit<Manifest, 'checksum'> = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      koboVersion: koboVersion(),
      migration,
      createdAt: (options.now ?? new Date()).toISOString(),
      source: handle.kind,
      rowCounts: counts,
      totals: await ledgerTotals(tx, names),
    };
    return { draft, tables: dumps };
  });
  const { content, manifest } = encodeBackup(snapshot.draft, snapshot.tables);
  mkdirSync(dirname(options.out), { recursive: true });
  const partial = `${options.out}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, options.out);
  return { file: options.out, size: content.length, manifest };
}

async function dumpTable(tx: Transaction, info: TableInfo): Promise<TableDump> {
  const values = info.columns.map((column) => `${quoted(column.name)}::text`).join(', ');
  const order = info.orderBy.length > 0 ? ` order by ${info.orderBy.map(quoted).join(', ')}` : '';
  const rows = await queryRows<{ row: string }>(tx, sql.raw(`select array_to_json(array[${values}]::text[])::text as row from ${quoted(info.name)}${order}`));
  return { table: info.name, columns: info.columns.map((column) => column.name), rows: rows.map(({ row }) => JSON.parse(row) as (string | null)[]) };
}
