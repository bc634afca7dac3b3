import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.ts';

const EVERY_HOUR = 60 * 60 * 1000;
/** After start-up, once the first requests are served. */
const FIRST_AFTER_MS = 30 * 1000;

export type PlannerStatistics = {
  /** ANALYZE now on the embedded database; false on PostgreSQL, whose autovacuum does it. */
  refresh: () => Promise<boolean>;
  close: () => Promise<void>;
};

/**
 * The embedded database's planner statistics (docs/decisions/057-embedded-planner-statistics.md).
 * PGlite has no autovacuum, so nothing ever runs ANALYZE: every table looks empty to the planner
 * for the life of the data directory, and a join it believes tiny can turn quadratic once a scheme
 * has thousands of members (a 10,000-row batch once took 39 s that way). PostgreSQL's autovacuum
 * analyzes tables as they change; here the server does it, shortly after start-up and then hourly.
 * ANALYZE samples a bounded number of rows per table, so it stays well under a second.
 */
export function startPlannerStatistics(options: { database: Pick<DatabaseHandle, 'db' | 'kind'>; log: FastifyBaseLogger; timer: boolean }): PlannerStatistics {
  const { database, log } = options;
  let running: Promise<boolean> | null = null;

  function refresh(): Promise<boolean> {
    if (database.kind !== 'pglite') return Promise.resolve(false);
    running ??= database.db
      .execute(sql`analyze`)
      .then(() => true)
      .finally(() => {
        running = null;
      });
    return running;
  }

  const run = () => void refresh().catch((error: unknown) => log.error({ err: error }, 'the planner statistics could not be refreshed'));
  const timers = options.timer && database.kind === 'pglite' ? [setTimeout(run, FIRST_AFTER_MS), setInterval(run, EVERY_HOUR)] : [];
  for (const timer of timers) timer.unref();
  return {
    refresh,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
