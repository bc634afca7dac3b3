import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@kobo/core';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type KoboApp } from '../../apps/api/src/app.ts';
import { readEnv } from '../../apps/api/src/config/env.ts';
import { createAccount } from '../../apps/api/src/modules/auth/create-account.ts';
import { users } from '../../apps/api/src/db/schema.ts';
import { nextStaffId } from '../../apps/api/src/modules/savings/savings-holders.ts';
import { WEB_DIST_DIR } from './paths.ts';

export type KoboServer = {
  app: KoboApp;
  baseURL: string;
  dataDir: string;
  createUser: (role: Role, overrides?: { email?: string; name?: string; password?: string; active?: boolean }) => Promise<TestUser>;
  /** The newest mail written to the outbox for this address (no SMTP_URL in these tests). */
  lastMailTo: (email: string) => string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

export type TestUser = { id: string; email: string; name: string; password: string; role: Role; staffId: string | null };

let counter = 0;

/**
 * The real server, in this process, on a free port, serving the built web app, on its own PGlite
 * data directory (so a restart keeps the data, as `npm start` does), copied from the migrated
 * one the global setup made.
 */
export async function startKobo(options: { env?: Record<string, string> } = {}): Promise<KoboServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-e2e-'));
  cpSync(inject('e2eDataTemplate'), dataDir, { recursive: true });
  const port = await freePort();
  let app = await boot(dataDir, port, options.env);
  const baseURL = `http://localhost:${port}`;

  return {
    get app() {
      return app;
    },
    baseURL,
    dataDir,
    createUser: async (role, overrides = {}) => {
      counter += 1;
      const email = overrides.email ?? `${role}.${counter}.${Date.now().toString(36)}@kobo.test`;
      const name = overrides.name ?? `${role[0]?.toUpperCase()}${role.slice(1)} Person ${counter}`;
      const password = overrides.password ?? 'password1';
      const { db } = app.kobo.database;
      // The app's own allocator, so these IDs never clash with staff the savings API creates.
      const staffId = role === 'staff' ? await db.transaction((tx) => nextStaffId(tx)) : null;
      const user = await createAccount(db, { name, email, password, role, staffId });
      if (overrides.active === false) await app.kobo.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      return { id: user.id, email, name, password, role, staffId };
    },
    lastMailTo: (email) => {
      const outbox = join(dataDir, 'outbox');
      const files = readdirSync(outbox).toSorted().toReversed();
      for (const file of files) {
        const text = readFileSync(join(outbox, file), 'utf8');
        if (text.includes(`To: ${email}`)) return text;
      }
      throw new Error(`no mail to ${email} in ${outbox}`);
    },
    restart: async () => {
      await app.close();
      app = await boot(dataDir, port, options.env);
    },
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function boot(dataDir: string, port: number, extraEnv: Record<string, string> = {}): Promise<KoboApp> {
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR,
    ...extraEnv,
  });
  const app = await buildApp({ env });
  // The organisation's books start on 1 Jan 2000 (Settings, issue 26), so the tests' back-dated
  // postings of earlier days are not refused as before the day this Kobo was set up.
  await app.kobo.database.db.execute(sql`insert into app_settings (key, value) values ('savings.books_start', '2000-01-01') on conflict (key) do nothing`);
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

/** A port known before the server starts, so APP_URL (and the reset links) can name it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
