import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

export type RowCounts = Record<string, number>;

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A function that counts the rows of every table in the public schema, in one query: the tables
 * are read from information_schema once, so a table added later is counted without a change here.
 */
export async function rowCounter(db: Database): Promise<() => Promise<RowCounts>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length === 0) throw new Error('no tables to count');
  const counts = sql.raw(`select ${tables.map(({ name }) => `(select count(*) from ${quoted(name)})::int as ${quoted(name)}`).join(', ')}`);
  return async () => {
    const [row] = await queryRows<RowCounts>(db, counts);
    if (!row) throw new Error('the count query returned no row');
    return row;
  };
}

/** Runs `action` and expects every table to hold as many rows after it as before (a refusal writes nothing). */
export async function expectNoRowsWritten(db: Database, action: () => Promise<void>): Promise<void> {
  const counts = await rowCounter(db);
  const before = await counts();
  await action();
  const after = await counts();
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    throw new Error(`rows were written: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  }
}
