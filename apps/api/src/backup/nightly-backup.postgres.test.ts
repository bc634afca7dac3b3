import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { queryRows } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';

// Runs only in the api-postgres project: two instances, as two servers would be, on one PostgreSQL
// and one shared backup folder.
const folder = mkdtempSync(join(tmpdir(), 'kobo-nightly-instances-'));
let drop: () => Promise<void>;
let instances: KoboApp[] = [];
// 02:30 in Lagos on 16 Nov 2026: past the default 02:00.
const now = () => new Date('2026-11-16T01:30:00Z');

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  await database.handle.close();
  if (!database.url) throw new Error('this file runs in the api-postgres project only');
  const env = readEnv({ NODE_ENV: 'test', DATABASE_URL: database.url, BACKUP_DIR: folder, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  instances = await Promise.all([1, 2].map(() => buildApp({ env, now, backgroundJobs: false })));
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await drop?.();
  rmSync(folder, { recursive: true, force: true });
});

describe('the nightly backup with two instances on one PostgreSQL', () => {
  it('is taken by one of them, once, however many times both ask', async () => {
    // Each instance asks twice at once (its second ask shares the first's answer), both instances together.
    const answers = await Promise.all(instances.map((instance) => Promise.all([instance.kobo.backups.check(), instance.kobo.backups.check()])));
    const [winner, loser] = answers[0]![0].ran ? answers : answers.toReversed();
    expect(winner).toEqual([
      { night: '2026-11-16', ran: true, ok: true, file: join(folder, 'kobo-2026-11-16T01-30-00Z.kobo-backup') },
      { night: '2026-11-16', ran: true, ok: true, file: join(folder, 'kobo-2026-11-16T01-30-00Z.kobo-backup') },
    ]);
    expect(loser).toEqual([
      { night: '2026-11-16', ran: false },
      { night: '2026-11-16', ran: false },
    ]);
    expect(readdirSync(folder)).toEqual(['kobo-2026-11-16T01-30-00Z.kobo-backup']);
    const runs = await queryRows<{ period: string }>(
      instances[0]!.kobo.database.db,
      sql`select period from scheduled_runs where name = 'nightly-backup'`,
    );
    expect(runs).toEqual([{ period: '2026-11-16' }]);
  });
});
