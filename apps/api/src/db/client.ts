import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Client, Pool } from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers give the same drizzle API; code above this file never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `template`: a dump (PGlite's dumpDataDir) to start from instead of an empty cluster; tests use a migrated one. */
  | { kind: 'pglite'; dataDir: string | null; template?: Blob };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** Subscribe to a NOTIFY channel; returns the unsubscribe function. */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Runs `work` while holding a lock that every process on this database respects. */
  withExclusiveLock: <T>(lockKey: number, work: () => Promise<T>) => Promise<T>;
  /** PostgreSQL's connection pool right now (for /metrics); absent on PGlite, which has one connection. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target.dataDir, target.template);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // JIT off: Kobo's statements are short, and a monthly run's review (a correlated subquery per
  // member) crossed the planner's cost threshold, spending about a second of 1.4 compiling
  // (npm run bench:loans, docs/decisions/019-loans.md).
  const pool = new Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  let listener: Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function listen(channel: string, onMessage: (payload: string) => void) {
    if (!listener) {
      listener = new Client({ connectionString: url });
      listener.on('error', () => {
        listener = null; // the next listen() opens a new one
      });
      await listener.connect();
      listener.on('notification', (message) => {
        handlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? ''));
      });
    }
    const set = handlers.get(channel) ?? new Set();
    if (set.size === 0) await listener.query(`LISTEN "${channel.replaceAll('"', '')}"`);
    set.add(onMessage);
    handlers.set(channel, set);
    return async () => {
      set.delete(onMessage);
    };
  }

  async function withExclusiveLock<T>(lockKey: number, work: () => Promise<T>): Promise<T> {
    // A session-level advisory lock on a client of its own: held across the pool's connections.
    const lockClient = new Client({ connectionString: url });
    lockClient.on('error', () => {});
    await lockClient.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [lockKey]);
      return await work();
    } finally {
      await lockClient.end();
    }
  }

  return {
    db,
    kind: 'postgres',
    listen,
    withExclusiveLock,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener?.end();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    // Trigram indexes behind expense search (migration 0012); PostgreSQL ships pg_trgm in contrib.
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    // One process, one connection: nothing else can run at the same time.
    withExclusiveLock: async (_lockKey, work) => work(),
    close: async () => {
      await client.close();
    },
  };
}

/**
 * Rows of a raw SQL query. Both drivers answer with `{ rows }`; the shared drizzle type cannot
 * say so, hence this one narrow cast.
 */
export async function queryRows<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The two drizzle internals a named raw statement needs; both drivers' databases and transactions have them. */
type RawStatementInternals = {
  dialect: { sqlToQuery: (query: SQL) => unknown };
  session: {
    prepareQuery: (
      query: unknown,
      fields: undefined,
      name: string,
      isResponseInArrayMode: false,
    ) => { execute: (values: Record<string, unknown>) => Promise<unknown> };
  };
};

/**
 * A hot raw statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call, and its text is built once per process instead of on
 * every call (issue 27: building the deposit's text was a few per cent of the server's work).
 * Its values are named placeholders (`sql.placeholder('userId')`), bound by each call. Drizzle
 * prepares its own query builders this way (`.prepare(name)`) but not raw SQL, hence its
 * internals here; PGlite, one connection in process, runs it as a plain query.
 */
export function preparedStatement<Row>(name: string, query: SQL): (db: Database | Transaction, values: Record<string, unknown>) => Promise<Row[]> {
  let text: unknown;
  return async (db, values) => {
    const internals = db as unknown as RawStatementInternals;
    text ??= internals.dialect.sqlToQuery(query);
    const result = (await internals.session.prepareQuery(text, undefined, name, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
