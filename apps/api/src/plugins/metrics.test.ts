import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type SignedInClient, type TestContext } from '../test/test-app.ts';
import { addStaff, deposit } from '../modules/savings/savings-test-support.ts';

const METRICS_TOKEN = 'metrics-secret-0123456789abcdef';

/** Every metric /metrics promises (docs/decisions/027-metrics-and-tokens.md, README). */
const PROMISED = [
  'kobo_http_requests_total',
  'kobo_http_request_duration_seconds_bucket',
  'kobo_http_request_duration_seconds_sum',
  'kobo_http_request_duration_seconds_count',
  'kobo_savings_postings',
  'kobo_savings_batches',
  'kobo_mail_outbox',
  'kobo_backup_age_seconds',
  'nodejs_eventloop_lag_seconds',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
];

/** The value of one series in the scraped text; null when absent. */
function valueOf(text: string, series: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext();
  });
  afterAll(async () => off?.close());

  it('is not there: a JSON 404, with or without a bearer', async () => {
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const response = await off.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  let admin: SignedInClient;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN });
    admin = await ctx.signedIn('admin');
  });
  afterAll(async () => ctx?.close());

  async function scrape(): Promise<string> {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  }

  it.each([
    ['no Authorization header', {}],
    ['a wrong bearer', { authorization: 'Bearer metrics-secret-0123456789abcdeX' }],
    ['a shorter bearer', { authorization: 'Bearer metrics' }],
    ['another scheme', { authorization: `Basic ${METRICS_TOKEN}` }],
    ['the token in a cookie', { cookie: `token=${METRICS_TOKEN}` }],
  ])('answers 401 to %s', async (_name, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('kobo_');
  });

  it('refuses the token in the query string', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/metrics?token=${METRICS_TOKEN}` })).statusCode).toBe(401);
  });

  it('answers the promised metrics in Prometheus text format', async () => {
    const text = await scrape();
    const names = new Set(text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(/[{ ]/)[0]));
    for (const name of PROMISED) expect(names, name).toContain(name);
    expect(valueOf(text, 'kobo_backup_age_seconds')).toBe(-1);
    // The pool exists on PostgreSQL only (PGlite has one connection).
    const poolSeries = ['total', 'idle', 'waiting'].map((state) => `kobo_db_pool_connections{state="${state}"}`);
    expect(poolSeries.filter((series) => text.includes(series))).toEqual(ctx.app.kobo.database.kind === 'postgres' ? poolSeries : []);
  });

  it('counts requests by route pattern and status class, never the raw address', async () => {
    const series = 'kobo_http_requests_total{method="GET",route="/api/health",status_class="2xx"}';
    expect((await admin.get('/api/health')).statusCode).toBe(200);
    const before = valueOf(await scrape(), series);
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await admin.get('/api/health')).statusCode).toBe(200);
    expect((await admin.get('/api/health')).statusCode).toBe(200);
    expect(valueOf(await scrape(), series)).toBe((before ?? 0) + 2);

    const id = '3f1c0a52-9d7e-4b8a-8c11-000000000001';
    expect((await admin.get(`/api/savings/batches/${id}`)).statusCode).toBe(404);
    const text = await scrape();
    expect(valueOf(text, 'kobo_http_requests_total{method="GET",route="/api/savings/batches/:id",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain(id);
  });

  it('reads postings, mail and the last good backup from the database at scrape time', async () => {
    const holder = await addStaff(admin, { name: 'Metric Holder' });
    const before = valueOf(await scrape(), 'kobo_savings_postings') ?? 0;
    await deposit(admin, holder.userId, '100');
    const db = ctx.app.kobo.database.db;
    await db.execute(sql`insert into mail_outbox (kind, to_email, subject, body, failed_at) values ('test', 'a@kobo.test', 's', 'b', now())`);
    await db.execute(sql`insert into scheduled_runs (name, period, finished_at, result)
      values ('nightly-backup', '2026-11-22', now() - interval '1 hour', '{"ok": true}'),
             ('nightly-backup', '2026-11-23', now() - interval '1 minute', '{"ok": false, "error": "disk full"}')`);
    const text = await scrape();
    expect(valueOf(text, 'kobo_savings_postings')).toBe(before + 1);
    expect(valueOf(text, 'kobo_mail_outbox{state="failed"}')).toBe(1);
    // The failed run of a minute ago does not count: the last good one finished an hour ago.
    const age = valueOf(text, 'kobo_backup_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
  });
});
