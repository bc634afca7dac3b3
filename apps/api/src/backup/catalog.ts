import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../db/client.ts';

/**
 * What a backup needs to know of the schema, read from pg_catalog so a table added by a later
 * migration is backed up without a change here. Only schema `public` holds Kobo's data; drizzle's
 * migration bookkeeping lives in schema `drizzle` and is not copied: the restore recreates it by
 * running the migrations (docs/decisions/025-backups.md).
 */
export type TableInfo = {
  name: string;
  /** Stored columns in attnum order, generated ones left out (the database computes those). */
  columns: { name: string; type: string }[];
  /** Identity columns: loaded with OVERRIDING SYSTEM VALUE, their sequences moved past the max. */
  identity: string[];
  /** Row order of the dump: the identity column (a reversal after the posting it names), else the key. */
  orderBy: string[];
};

export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function readTables(db: Database | Transaction): Promise<TableInfo[]> {
  const columns = await queryRows<{ table: string; column: string; type: string; identity: boolean; key: number | null }>(
    db,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
               a.attidentity <> '' as identity,
               array_position(pk.conkey, a.attnum) as key
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
        where n.nspname = 'public' and c.relkind = 'r'
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo & { keys: { name: string; position: number }[] }>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], identity: [], orderBy: [], keys: [] };
    table.columns.push({ name: row.column, type: row.type });
    if (row.identity) table.identity.push(row.column);
    if (row.key !== null) table.keys.push({ name: row.column, position: Number(row.key) });
    tables.set(row.table, table);
  }
  return [...tables.values()].map(({ keys, ...table }) => ({
    ...table,
    orderBy: table.identity.length > 0 ? table.identity : keys.toSorted((a, b) => a.position - b.position).map((key) => key.name),
  }));
}

/**
 * The tables in an order where every table comes after the tables its foreign keys name, so a
 * restore loads parents first. A reference to itself is left to the row order (orderBy).
 */
export async function foreignKeyOrder(db: Database | Transaction, names: string[]): Promise<string[]> {
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select distinct child.relname as child, parent.relname as parent
        from pg_constraint f
        join pg_class child on child.oid = f.conrelid
        join pg_class parent on parent.oid = f.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where f.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (ready.length === 0) throw new Error(`the foreign keys between ${names.filter((name) => !placed.has(name)).join(', ')} form a cycle`);
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}
