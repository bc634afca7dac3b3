import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { LedgerTotals } from './ledger-totals.ts';
import type { MigrationLevel } from './migration-level.ts';

/**
 * A Kobo backup file (docs/decisions/025-backups.md): gzip'd lines of JSON. The first line is the
 * manifest; then, per table, a line naming the table, its columns and its row count, followed by
 * one line per row: an array of the columns' values as PostgreSQL's own text (null stays null).
 * Text is what both PGlite and PostgreSQL read back exactly for every type (bigint, bytea, jsonb,
 * arrays, dates, timestamps), so the same file restores into either.
 */
export const BACKUP_FORMAT = 'kobo-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = '.kobo-backup';

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  koboVersion: string;
  migration: MigrationLevel;
  createdAt: string;
  /** Which database it was taken from: 'pglite' or 'postgres'. */
  source: string;
  rowCounts: Record<string, number>;
  totals: LedgerTotals;
  /** SHA-256 (hex) of the data part: every byte after the manifest's line. */
  checksum: string;
};

export type TableDump = { table: string; columns: string[]; rows: (string | null)[][] };

/** A restore that cannot go ahead, told in one sentence; nothing was written. */
export class BackupRefusedError extends Error {}
export class DamagedBackupError extends BackupRefusedError {}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export function encodeBackup(draft: Omit<Manifest, 'checksum'>, tables: TableDump[]): { content: Buffer; manifest: Manifest } {
  const lines: string[] = [];
  for (const { table, columns, rows } of tables) {
    lines.push(JSON.stringify({ table, columns, rows: rows.length }));
    for (const row of rows) lines.push(JSON.stringify(row));
  }
  const data = lines.map((line) => `${line}\n`).join('');
  const manifest: Manifest = { ...draft, checksum: sha256(data) };
  return { content: gzipSync(`${JSON.stringify(manifest)}\n${data}`), manifest };
}

/** Reads and verifies a backup; a truncated, edited or foreign file is refused before anything is written. */
export function decodeBackup(file: Buffer): { manifest: Manifest; tables: TableDump[] } {
  let text: string;
  try {
    text = gunzipSync(file).toString('utf8');
  } catch (error) {
    throw new DamagedBackupError(`This is not a readable Kobo backup (the file is damaged or truncated: ${(error as Error).message}).`);
  }
  const newline = text.indexOf('\n');
  const manifest = parseLine(newline < 0 ? text : text.slice(0, newline)) as Partial<Manifest> | null;
  if (!manifest || manifest.format !== BACKUP_FORMAT) throw new DamagedBackupError('This file is not a Kobo backup.');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new DamagedBackupError(`This backup is in format ${String(manifest.formatVersion)}; this Kobo reads format ${BACKUP_FORMAT_VERSION}.`);
  }
  const data = text.slice(newline + 1);
  if (sha256(data) !== manifest.checksum) throw new DamagedBackupError('The backup is damaged: its checksum does not match its contents.');
  return { manifest: manifest as Manifest, tables: parseTables(data) };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

function parseTables(data: string): TableDump[] {
  const lines = data.split('\n');
  if (lines.pop() !== '') throw new DamagedBackupError('The backup is damaged: its last line is incomplete.');
  const tables: TableDump[] = [];
  let index = 0;
  while (index < lines.length) {
    const head = parseLine(lines[index++] ?? '') as { table?: unknown; columns?: unknown; rows?: unknown } | null;
    if (!head || typeof head.table !== 'string' || !Array.isArray(head.columns) || typeof head.rows !== 'number') {
      throw new DamagedBackupError('The backup is damaged: a table header is unreadable.');
    }
    const rows: (string | null)[][] = [];
    for (let n = 0; n < head.rows; n++) {
      const row = parseLine(lines[index++] ?? '');
      if (!Array.isArray(row) || row.length !== head.columns.length) {
        throw new DamagedBackupError(`The backup is damaged: a row of ${head.table} is unreadable.`);
      }
      rows.push(row as (string | null)[]);
    }
    tables.push({ table: head.table, columns: head.columns as string[], rows });
  }
  return tables;
}
