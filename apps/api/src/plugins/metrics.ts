import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '@kobo/core';
import { queryRows, type DatabaseHandle } from '../db/client.ts';
import { goodNightlyBackupSql } from '../backup/nightly-backup.ts';


/**
 * GET /metrics in Prometheus' text format (issue 16, docs/decisions/027-metrics-and-tokens.md).
 * Off (404) unless METRICS_TOKEN is set; then only with `Authorization: Bearer <METRICS_TOKEN>`.
 * It is a public route to the gate (the gate knows sessions and API tokens, not this token), and
 * checks its own bearer, as /api/health needs none.
 *
 * Requests are counted by the route's pattern (`/api/savings/batches/:id`), never the URL text, so
 * the series stay few; a request no route matched is counted under route="unmatched".
 * The ledger, mail and backup figures are read from the database at scrape time (a few counts),
 * so every instance reports the same truth and nothing is counted twice across instances.
 */
export function registerMetrics(app: FastifyInstance, deps: { database: DatabaseHandle; metricsToken: string | undefined }) {
  const { metricsToken, database } = deps;
  const registry = new Registry();
  const refresh = metricsToken ? registerCollectors(app, registry, database) : null;

  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!metricsToken) throw new AppError('NOT_FOUND');
    if (!bearerMatches(request.headers.authorization, metricsToken)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('SIGN_IN_REQUIRED');
    }
    await refresh?.();
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
}

/** Registers every metric; returns the read of the database figures, run before each scrape. */
function registerCollectors(app: FastifyInstance, registry: Registry, database: DatabaseHandle): () => Promise<void> {
  // Process metrics, among them nodejs_eventloop_lag_seconds.
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: 'kobo_http_requests_total', help: 'HTTP requests answered, by route pattern and status class', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'kobo_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const batches = new Gauge({ name: 'kobo_savings_batches', help: 'Savings batches posted (monthly runs and payroll files)', labelNames: ['state'], registers: [registry] });
  const mail = new Gauge({ name: 'kobo_mail_outbox', help: 'Mail in the outbox: queued (not yet sent) or failed', labelNames: ['state'], registers: [registry] });
  const backupAge = new Gauge({
    name: 'kobo_backup_age_seconds',
    help: 'Seconds since the last successful nightly backup finished; -1 when none has',
    registers: [registry],
  });
  const pool = new Gauge({ name: 'kobo_db_pool_connections', help: 'PostgreSQL pool connections (total, idle, waiting clients)', labelNames: ['state'], registers: [registry] });

  const postings = new Gauge({ name: 'kobo_savings_postings', help: 'Rows in the savings ledger', registers: [registry] });

  // One query per scrape, before the registry is serialized.
  return async () => {
    const figures = await readFigures(database);
    postings.set(figures.postings);
    batches.set({ state: 'posted' }, figures.batchesPosted);
    batches.set({ state: 'reversed' }, figures.batchesReversed);
    mail.set({ state: 'queued' }, figures.mailQueued);
    mail.set({ state: 'failed' }, figures.mailFailed);
    backupAge.set(figures.backupAgeSeconds ?? -1);
    const stats = database.poolStats?.();
    if (stats) {
      pool.set({ state: 'total' }, stats.total);
      pool.set({ state: 'idle' }, stats.idle);
      pool.set({ state: 'waiting' }, stats.waiting);
    }
  };
}

type Figures = {
  postings: number;
  batchesPosted: number;
  batchesReversed: number;
  mailQueued: number;
  mailFailed: number;
  backupAgeSeconds: number | null;
};

async function readFigures(database: DatabaseHandle): Promise<Figures> {
  const [row] = await queryRows<Figures>(
    database.db,
    sql`
    select
      (select count(*) from savings_transactions)::int as "postings",
      (select count(*) from savings_batches where reversed_at is null)::int as "batchesPosted",
      (select count(*) from savings_batches where reversed_at is not null)::int as "batchesReversed",
      (select count(*) from mail_outbox where sent_at is null and failed_at is null)::int as "mailQueued",
      (select count(*) from mail_outbox where failed_at is not null)::int as "mailFailed",
      (select extract(epoch from (now() - max(finished_at)))::float8 from scheduled_runs
        where ${goodNightlyBackupSql}) as "backupAgeSeconds"`,
  );
  if (!row) throw new Error('the metrics query returned no row');
  return { ...row, backupAgeSeconds: row.backupAgeSeconds === null ? null : Math.max(0, Math.round(Number(row.backupAgeSeconds))) };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant-time: both sides are hashed to one length first, so neither length nor content leaks. */
function bearerMatches(header: string | undefined, expected: string): boolean {
  const match = header === undefined ? null : /^bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(expected));
}
