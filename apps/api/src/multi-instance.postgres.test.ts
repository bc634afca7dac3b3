import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type KoboApp } from './app.ts';
import { readEnv } from './config/env.ts';
import { openTestDatabase } from './test/test-database.ts';
import { TestClient } from './test/test-app.ts';
import { openDatabase } from './db/client.ts';

// Runs only in the api-postgres project: several stateless instances on one PostgreSQL.
let instances: KoboApp[] = [];
let drop: () => Promise<void>;
let url: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  // The instances open their own pools from the URL, as separate processes would.
  await database.handle.close();
  if (!database.url) throw new Error('this file runs in the api-postgres project only');
  url = database.url;
  const env = readEnv({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  // Two instances start at once: the migrations are applied once, under drizzle's lock.
  instances = await Promise.all([buildApp({ env }), buildApp({ env })]);
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await drop?.();
});

describe('several API instances on one PostgreSQL', () => {
  it('share accounts, sessions and the sign-in throttle', async () => {
    const [a, b] = instances as [KoboApp, KoboApp];
    const browser = new TestClient(a);
    await browser.post('/api/auth/sign-up', { name: 'Emeka', email: 'emeka@kobo.test', password: 'secret1', confirmPassword: 'secret1' });
    const onB = new TestClient(b);
    browser.cookies.forEach((value, name) => onB.cookies.set(name, value));
    expect((await onB.get('/api/auth/session')).json().user.email).toBe('emeka@kobo.test');

    // Sign out on B ends the session on A too.
    await onB.post('/api/auth/sign-out');
    expect((await browser.get('/api/auth/session')).json()).toEqual({ user: null });

    // Failures counted on A and B add up (default limit: 10).
    const attackerA = new TestClient(a, '10.9.9.9');
    const attackerB = new TestClient(b, '10.9.9.9');
    for (let attempt = 0; attempt < 10; attempt++) {
      const instance = attempt % 2 === 0 ? attackerA : attackerB;
      await instance.post('/api/auth/sign-in', { email: 'emeka@kobo.test', password: 'wrong-one' });
    }
    expect((await attackerA.post('/api/auth/sign-in', { email: 'emeka@kobo.test', password: 'secret1' })).statusCode).toBe(429);
  });

  it('notifies listeners on every instance through LISTEN/NOTIFY', async () => {
    const other = await openDatabase({ kind: 'postgres', url });
    const received: string[] = [];
    await other.listen('kobo_test_channel', (payload) => received.push(payload));
    await instances[0]?.kobo.database.db.execute(sql`select pg_notify('kobo_test_channel', 'hello')`);
    await expect.poll(() => received).toEqual(['hello']);
    await other.close();
  });
});
