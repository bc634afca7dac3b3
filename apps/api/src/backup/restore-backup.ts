import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Transaction } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { BackupRefusedError, decodeBackup, type Manifest, type TableDump } from './backup-file.ts';
import { foreignKeyOrder, quoted, readTables, type TableInfo } from './catalog.ts';
import { countRows, ledgerTotals } from './ledger-totals.ts';
import { appliedMigrationLevel, knownMigrations, MIGRATIONS_FOLDER } from './migration-level.ts';
import { useNeutralTextFormats } from './take-backup.ts';

/** Rows sent per INSERT: one jsonb parameter each, small enough for any server's limits. */
const ROWS_PER_INSERT = 500;

/** The tables whose rows make a database someone's data: a target holding any is not overwritten. */
const DATA_TABLES = ['users', 'expenses', 'savings_transactions', 'loan_transactions', 'audit_log'];

/**
 * Loads a backup into an empty database (docs/decisions/025-backups.md). Refuses, before writing
 * anything, a damaged or foreign file, a backup from a newer Kobo, and a target that holds users
 * or ledger rows. Migrates the target to the backup's level, loads every table in one transaction
 * (parents before children; the ledgers' append-only and notice triggers off for the load only),
 * then compares row counts and ledger totals with the manifest in that same transaction: any
 * difference rolls the load back. Last, migrates on to this code's level.
 */
export async function restoreBackup(handle: DatabaseHandle, file: Buffer): Promise<Manifest> {
  const { manifest, tables } = decodeBackup(file);
  const migrations = knownMigrations();
  const level = migrations.findIndex((entry) => entry.when === manifest.migration.when);
  if (level < 0) {
    const newest = migrations.at(-1)?.when ?? 0;
    throw new BackupRefusedError(
      manifest.migration.when > newest
        ? `This backup comes from a newer Kobo (migration ${manifest.migration.tag}); upgrade Kobo before restoring it.`
        : `This backup names a migration this Kobo does not know (${manifest.migration.tag}).`,
    );
  }
  const targetLevel = await appliedMigrationLevel(handle.db);
  if (targetLevel && targetLevel.when > manifest.migration.when) {
    throw new BackupRefusedError(
      `The target database is at a newer migration (${targetLevel.tag}) than the backup (${manifest.migration.tag}); restore into a new, empty database.`,
    );
  }
  if (targetLevel) await refuseNonEmpty(handle.db);
  await migrateTo(handle, level);
  await handle.db.transaction(async (tx) => {
    await useNeutralTextFormats(tx);
    await refuseNonEmpty(tx);
    await load(tx, tables);
    await compareWithManifest(tx, manifest);
  });
  await migrateDatabase(handle);
  return manifest;
}

async function refuseNonEmpty(db: DatabaseHandle['db'] | Transaction): Promise<void> {
  const tables = new Set((await readTables(db)).map((table) => table.name));
  const present = DATA_TABLES.filter((name) => tables.has(name));
  const counts = await countRows(db, present);
  const holding = present.filter((name) => (counts[name] ?? 0) > 0);
  if (holding.length > 0) {
    throw new BackupRefusedError(`The target database is not empty (${holding.join(', ')} hold rows); restore only into a new, empty database.`);
  }
}

/**
 * Applies this code's migrations up to and including the backup's, and no further: drizzle's
 * migrator is given a copy of the migrations folder whose journal ends there.
 */
async function migrateTo(handle: DatabaseHandle, level: number): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'kobo-restore-migrations-'));
  try {
    const entries = knownMigrations().slice(0, level + 1);
    mkdirSync(join(folder, 'meta'));
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
    for (const entry of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function load(tx: Transaction, dumps: TableDump[]): Promise<void> {
  const targets = new Map((await readTables(tx)).map((table) => [table.name, table]));
  const backedUp = new Map(dumps.map((dump) => [dump.table, dump]));
  const missing = [...targets.keys()].filter((name) => !backedUp.has(name));
  const extra = [...backedUp.keys()].filter((name) => !targets.has(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new BackupRefusedError(`The backup's tables do not match its migration level (missing: ${missing.join(', ') || 'none'}; unknown: ${extra.join(', ') || 'none'}).`);
  }
  for (const [name, dump] of backedUp) {
    const expected = targets.get(name)?.columns.map((column) => column.name).join(',');
    if (dump.columns.join(',') !== expected) throw new BackupRefusedError(`The backup's columns of ${name} do not match its migration level.`);
  }
  const names = [...targets.keys()];
  // User triggers only (not the foreign keys' own): the ledgers refuse TRUNCATE, and their notice
  // triggers would add a second, new ledger_notices row for every restored posting.
  for (const name of names) await tx.execute(sql.raw(`alter table ${quoted(name)} disable trigger user`));
  // Migrations seed a few rows (the staff_id counter); the backup's own rows replace them.
  await tx.execute(sql.raw(`truncate ${names.map(quoted).join(', ')}`));
  for (const name of await foreignKeyOrder(tx, names)) {
    const table = targets.get(name) as TableInfo;
    const dump = backedUp.get(name) as TableDump;
    for (let start = 0; start < dump.rows.length; start += ROWS_PER_INSERT) {
      await insertRows(tx, table, dump.rows.slice(start, start + ROWS_PER_INSERT));
    }
    for (const column of table.identity) {
      await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${quoted(name).replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'),
        coalesce(max(${quoted(column)}), 0) + 1, false) from ${quoted(name)}`));
    }
  }
  for (const name of names) await tx.execute(sql.raw(`alter table ${quoted(name)} enable trigger user`));
}

/** Each value goes back through its type's own text input, the inverse of the ::text it was dumped with. */
async function insertRows(tx: Transaction, table: TableInfo, rows: (string | null)[][]): Promise<void> {
  const columns = table.columns.map((column) => quoted(column.name)).join(', ');
  const values = table.columns.map((column, index) => `(r ->> ${index})::${column.type}`).join(', ');
  const overriding = table.identity.length > 0 ? ' overriding system value' : '';
  await tx.execute(sql`${sql.raw(`insert into ${quoted(table.name)} (${columns})${overriding} select ${values} from jsonb_array_elements(`)}${JSON.stringify(rows)}${sql.raw('::jsonb) as r')}`);
}

async function compareWithManifest(tx: Transaction, manifest: Manifest): Promise<void> {
  const names = Object.keys(manifest.rowCounts);
  const counts = await countRows(tx, names);
  const wrongCounts = names.filter((name) => counts[name] !== manifest.rowCounts[name]);
  if (wrongCounts.length > 0) {
    const detail = wrongCounts.map((name) => `${name}: ${counts[name]} loaded, ${manifest.rowCounts[name]} in the manifest`).join('; ');
    throw new BackupRefusedError(`The restored rows do not match the backup's manifest (${detail}); nothing was restored.`);
  }
  const totals = await ledgerTotals(tx, names);
  if (JSON.stringify(totals) !== JSON.stringify(manifest.totals)) {
    throw new BackupRefusedError(
      `The restored ledgers do not add up to the backup's manifest (${JSON.stringify(totals)} against ${JSON.stringify(manifest.totals)}); nothing was restored.`,
    );
  }
}

