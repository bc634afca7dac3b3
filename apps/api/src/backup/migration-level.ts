import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../db/client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** One migration as drizzle's journal names it; `when` is what drizzle stores as created_at. */
export type MigrationLevel = { tag: string; when: number };

type JournalEntry = { idx: number; when: number; tag: string };

export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/**
 * The last migration applied to this database, from drizzle's bookkeeping (schema `drizzle`), or
 * null when none is (an empty database). A level this code's journal does not list is named by its
 * time alone: a database migrated by a newer Kobo.
 */
export async function appliedMigrationLevel(db: Database | Transaction): Promise<MigrationLevel | null> {
  const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return null;
  const [last] = await queryRows<{ created_at: string }>(db, sql`
    select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  if (!last) return null;
  const when = Number(last.created_at);
  return { tag: knownMigrations().find((entry) => entry.when === when)?.tag ?? `unknown-${when}`, when };
}
