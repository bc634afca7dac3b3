import { Client } from 'pg';

/**
 * A database of its own on the DATABASE_URL server for one benchmark run, dropped afterwards, so
 * a benchmark never leaves tables or rows in the database it was pointed at.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // BENCH_KEEP=1 keeps it, to be looked into (EXPLAIN, \d) after the run; drop it by hand.
  const keep = process.env.BENCH_KEEP === '1';
  return { url: url.toString(), drop: () => (keep ? Promise.resolve() : onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * ANALYZE, as autovacuum does on a production server once a table has grown (and as pgbench's own
 * initialisation does for its tables). A server with autovacuum off (this machine's CI
 * configuration) never re-plans: a connection keeps the plans it made while the tables were
 * empty, and a trigger that joins journal_entries by id then reads the whole table on every
 * deposit (issue 27). A benchmark calls it after its warm-up.
 */
export async function analyzeDatabase(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, 'ANALYZE');
}
