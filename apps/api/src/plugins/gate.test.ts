import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from '../db/client.ts';

let database: { handle: DatabaseHandle; drop: () => Promise<void> };
const dataDir = mkdtempSync(join(tmpdir(), 'kobo-gate-'));
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('default deny', () => {
  it('refuses to start when a route declares no access, and names the route', async () => {
    const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'none'), LOG_LEVEL: 'silent' });
    const app = await buildApp({ env, database: database.handle, logger: false });
    app.get('/api/forgotten', async () => ({ secret: true }));
    app.post('/anywhere/else', async () => ({}));
    await expect(app.ready()).rejects.toThrow(
      'Every route must declare config.access; these do not: GET /api/forgotten, POST /anywhere/else',
    );
    await app.close().catch(() => {});
  });
});
