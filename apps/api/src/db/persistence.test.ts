import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { TestClient } from '../test/test-app.ts';

// The embedded default: `npm start` on ./data. These tests open a real PGlite directory.
const dataDir = mkdtempSync(join(tmpdir(), 'kobo-data-'));
const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'none'), LOG_LEVEL: 'silent' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database in DATA_DIR', () => {
  it('keeps accounts and sessions across a restart, and refuses a second server on the same directory', async () => {
    const first = await buildApp({ env });
    await expect(buildApp({ env })).rejects.toBeInstanceOf(DataDirLockedError);
    const browser = new TestClient(first);
    const signUp = await browser.post('/api/auth/sign-up', {
      name: 'Chika',
      email: 'chika@kobo.test',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(signUp.statusCode).toBe(201);
    await first.close();

    // A restart: migrations run again (and change nothing), the data and the session are still there.
    const second = await buildApp({ env });
    try {
      const session = await second.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json().user).toMatchObject({ email: 'chika@kobo.test', role: 'admin' });
    } finally {
      await second.close();
    }
    // Two cold starts of an embedded database on disk (initdb, then a reopen): the slowest thing
    // the API tests do, and slower still on a busy 2-core machine.
  }, 120_000);
});
