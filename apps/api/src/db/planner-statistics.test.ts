import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { queryRows, type DatabaseHandle } from './client.ts';
import { startPlannerStatistics } from './planner-statistics.ts';
import { openTestDatabase } from '../test/test-database.ts';

let database: { handle: DatabaseHandle; drop: () => Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.drop());

/** What the planner believes `users` holds: -1 until the table was ever analyzed. */
async function plannedUsers(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ reltuples: number }>(handle.db, sql`select reltuples from pg_class where relname = 'users'`);
  return Number(row?.reltuples);
}

describe('the planner statistics', () => {
  it('are gathered by the server on the embedded database, and left to autovacuum on PostgreSQL', async () => {
    const { handle } = database;
    await handle.db.execute(sql`
      insert into users (id, name, email, role, staff_id, active)
      select 'stats-' || n, 'Stats ' || n, 'stats.' || n || '@kobo.test', 'staff', 'STF' || lpad(n::text, 5, '0'), true from generate_series(1, 300) as n`);
    const statistics = startPlannerStatistics({ database: handle, log: Fastify({ logger: false }).log, timer: false });
    const ran = await statistics.refresh();
    await statistics.close();
    // What each database should answer, literally: PGlite analyzed (300 members), PostgreSQL left alone.
    const expected = { pglite: { ran: true, planned: 300 }, postgres: { ran: false, planned: await plannedUsers(handle) } }[handle.kind];
    expect({ ran, planned: await plannedUsers(handle) }).toEqual(expected);
  });
});
