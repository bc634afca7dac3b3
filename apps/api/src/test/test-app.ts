import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { formatStaffId, type Role } from '@kobo/core';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv, type Env } from '../config/env.ts';
import { users } from '../db/schema.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findBookProblems } from '../modules/ledger/book-problems.ts';
import { openTestDatabase } from './test-database.ts';
import { watchRouteContracts } from './route-contract-watch.ts';

export type TestContext = {
  app: KoboApp;
  /** Every log line the app wrote, for tests that check what is (not) logged. */
  logs: string[];
  client: (remoteAddress?: string) => TestClient;
  /** Creates an account with a role directly in the database and returns a client signed in as it. */
  signedIn: (role: Role, overrides?: { email?: string; password?: string }) => Promise<SignedInClient>;
  setActive: (userId: string, active: boolean) => Promise<void>;
  close: () => Promise<void>;
};

export type SignedInClient = TestClient & { userId: string; email: string; password: string };

let sequence = 0;
export function uniqueEmail(prefix = 'person') {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${sequence}@kobo.test`;
}

export async function createTestContext(
  envOverrides: Partial<Record<keyof Env, string>> = {},
  /** A fixed or test-driven clock for time windows (passed to buildApp). */
  now?: () => Date,
): Promise<TestContext> {
  const { handle, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-test-'));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'info',
    ...envOverrides,
  });
  // The ledger notifier and the monthly statements run when a test drains them, not by a timer between a test's row counts.
  const app = await buildApp({ env, database: handle, logStream, backgroundJobs: false, ...(now ? { now } : {}) });
  // Every answer is held to its route's declared contract; close() fails the file on a breach.
  const contractBreaches = watchRouteContracts(app);
  await app.ready();

  const context: TestContext = {
    app,
    logs,
    client: (remoteAddress?: string) => new TestClient(app, remoteAddress),
    signedIn: async (role, overrides = {}) => {
      const email = overrides.email ?? uniqueEmail(role);
      const password = overrides.password ?? 'password1';
      // Far above what the app's own allocator hands out in a test file, so the two never meet.
      const staffId = role === 'staff' ? formatStaffId(100_000 + sequence) : null;
      const user = await createAccount(app.kobo.database.db, { name: `Test ${role}`, email, password, role, staffId });
      const client = new TestClient(app);
      const response = await client.post('/api/auth/sign-in', { email, password });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return Object.assign(client, { userId: user.id, email, password });
    },
    setActive: async (userId, active) => {
      await app.kobo.database.db.update(users).set({ active }).where(eq(users.id, userId));
    },
    close: async () => {
      // Every test file ends with the books checked (issue 27): whatever it did, they still agree.
      const problems = await findBookProblems(app.kobo.database.db).catch((error: unknown) => [{ problem: String(error), subject: '', expectedKobo: 0, foundKobo: 0 }]);
      await app.close();
      if (contractBreaches.length > 0) {
        await drop();
        throw new Error(`answers outside their routes' contracts in this file: ${[...new Set(contractBreaches)].slice(0, 10).join('; ')}`);
      }
      if (problems.length > 0) {
        await drop();
        throw new Error(`the books do not agree after this file: ${JSON.stringify(problems.slice(0, 5))}`);
      }
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}

type InjectResponse = Awaited<ReturnType<KoboApp['inject']>>;

/** A browser-like client over app.inject(): it keeps the cookies the server sets. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: KoboApp,
    /** The client's network address, as the server sees it. */
    readonly remoteAddress = '127.0.0.1',
  ) {}

  get(url: string, headers: Record<string, string> = {}) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', url, body, headers);
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<InjectResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    for (const setCookie of response.cookies) {
      if (setCookie.value === '' || (setCookie.maxAge !== undefined && setCookie.maxAge <= 0)) this.cookies.delete(setCookie.name);
      else this.cookies.set(setCookie.name, setCookie.value);
    }
    return response;
  }
}
