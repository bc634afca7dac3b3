import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema.ts';
import { createTestContext, type TestClient, type TestContext } from './test/test-app.ts';
import { CALLERS, EXPECTED_ACCESS, SPELLINGS, type Caller } from './test/expected-access.ts';
import { EXPECTED_TOKEN_ACCESS, TOKEN_SCOPE_ORDER } from './test/expected-access-tokens.ts';

/**
 * The gate, tried as an outsider would: every registered route × every kind of caller × every
 * spelling of its address, over a real socket (absolute-form targets cannot be injected).
 * Expected outcomes are the literal table in test/expected-access.ts.
 */
let ctx: TestContext;
let origin: string;
const webDist = mkdtempSync(join(tmpdir(), 'kobo-web-'));
const cookies = new Map<Caller, string>();

beforeAll(async () => {
  // A web build, so the app shell's catch-all route is there to be fooled.
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Kobo</title>');
  ctx = await createTestContext({ WEB_DIST_DIR: webDist });
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  for (const caller of CALLERS) cookies.set(caller, cookieOf(await clientFor(caller)));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function clientFor(caller: Caller): Promise<TestClient> {
  if (caller === 'visitor') return ctx.client();
  if (caller === 'deactivated') {
    const client = await ctx.signedIn('user');
    await ctx.setActive(client.userId, false);
    return client;
  }
  if (caller === 'deleted') {
    // Removed behind the session's back: the cookie is all that is left.
    const client = await ctx.signedIn('manager');
    await ctx.app.kobo.database.db.delete(users).where(eq(users.id, client.userId));
    return client;
  }
  return ctx.signedIn(caller);
}

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

type Answer = { status: number; contentType: string; cacheControl: string; body: string };

function send(method: string, target: string, cookie: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${origin}/`,
      {
        method,
        path: target,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...extraHeaders,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            cacheControl: String(res.headers['cache-control'] ?? ''),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** 401 and 403 are the gate's refusals; any other answer below 500 means the caller got past it. */
function outcomeOf(status: number): 'ok' | 401 | 403 | 'server error' {
  if (status === 401 || status === 403) return status;
  return status < 500 ? 'ok' : 'server error';
}

describe('the gate', () => {
  it('has a row for every route the server registers, and no row for a route it does not', () => {
    const registered = ctx.app.kobo
      .routes()
      .filter((route) => route.url.startsWith('/api'))
      .map((route) => `${route.method} ${route.url}`)
      .toSorted();
    const listed = EXPECTED_ACCESS.map((row) => `${row.method} ${row.url}`).toSorted();
    expect(listed).toEqual(registered);
  });

  it('declares access on every route, the web app included', () => {
    const undeclared = ctx.app.kobo.routes().filter((route) => route.access === undefined);
    expect(undeclared).toEqual([]);
  });

  it.each(EXPECTED_ACCESS.flatMap((row) => CALLERS.map((caller, index) => ({ row, caller, expected: row.expect[index], name: `${row.method} ${row.url}` }))))(
    '$name as $caller, however the address is spelled',
    async ({ row, caller, expected }) => {
      const cookie = cookies.get(caller) ?? '';
      const wanted: string[] = [];
      const got: string[] = [];
      const cached: string[] = [];
      for (const spelling of SPELLINGS) {
        const target = spelling.spell(row.path ?? row.url, origin);
        const answer = await send(row.method, target, cookie, row.body);
        // A JSON 404 is 'no such route' where a spelling should reach none; on the route itself it
        // is the route's own answer (an id that does not exist), past the gate.
        const isJson404 = answer.status === 404 && answer.contentType.startsWith('application/json');
        const reached = spelling.reaches !== 'same' && isJson404 ? 'JSON 404' : outcomeOf(answer.status);
        const isRefusal = answer.status === 401 || answer.status === 403;
        const saysWhy = isRefusal && typeof (JSON.parse(answer.body) as { message?: unknown }).message === 'string';
        got.push(`${spelling.name}: ${reached}${saysWhy ? ' with a message' : ''}`);
        const wantedOutcome = spelling.reaches === 'same' || (spelling.reaches === 'same or 404' && reached !== 'JSON 404') ? expected : 'JSON 404';
        wanted.push(`${spelling.name}: ${wantedOutcome}${wantedOutcome === 401 || wantedOutcome === 403 ? ' with a message' : ''}`);
        // Personal data is never cached: every JSON answer, refusals and errors included.
        if (answer.contentType.startsWith('application/json') && answer.cacheControl !== 'no-store') cached.push(`${target}: ${answer.cacheControl}`);
      }
      expect(got).toEqual(wanted);
      expect(cached).toEqual([]);
    },
  );

  it('answers an unknown API address with a JSON 404 for every spelling, signed in or not', async () => {
    for (const caller of ['visitor', 'admin'] as const) {
      for (const target of ['/api/nope', '/api', '/api/', '/API', '/%61pi/nope', '/api%2Fusers', `${origin}/api/nope`]) {
        const answer = await send('GET', target, cookies.get(caller) ?? '');
        expect(answer.status, `${caller} ${target}`).toBe(404);
        expect(answer.contentType, target).toContain('application/json');
      }
    }
  });

  it('still serves the web app at its own addresses', async () => {
    for (const target of ['/', '/dashboard', '/savings/STF001', '/apiary']) {
      const answer = await send('GET', target, '');
      expect(answer.status, target).toBe(200);
      expect(answer.contentType, target).toContain('text/html');
    }
  });
});

describe('API tokens at the gate', () => {
  const secrets = new Map<string, string>();
  beforeAll(async () => {
    // The table above ends by signing its callers out: a new admin makes one token of each scope.
    const maker = await ctx.signedIn('admin');
    for (const scope of TOKEN_SCOPE_ORDER) {
      const made = await maker.post('/api/tokens', { name: `Gate ${scope}`, scope, days: 30 });
      if (made.statusCode !== 201) throw new Error(`token for ${scope}: ${made.statusCode} ${made.body}`);
      secrets.set(scope, (made.json() as { secret: string }).secret);
    }
  });

  it.each(EXPECTED_TOKEN_ACCESS.map((row) => ({ row, name: `${row.method} ${row.url}` })))(
    '$name by a token of each scope, however the address is spelled',
    async ({ row }) => {
      const wanted: string[] = [];
      const got: string[] = [];
      for (const [index, scope] of TOKEN_SCOPE_ORDER.entries()) {
        const expected = row.expect[index];
        const authorization = `Bearer ${secrets.get(scope) ?? ''}`;
        for (const spelling of SPELLINGS) {
          const answer = await send(row.method, spelling.spell(row.path ?? row.url, origin), '', row.body, { authorization });
          const isJson404 = answer.status === 404 && answer.contentType.startsWith('application/json');
          const reached = spelling.reaches !== 'same' && isJson404 ? 'JSON 404' : outcomeOf(answer.status);
          got.push(`${scope} ${spelling.name}: ${reached}`);
          const wantedOutcome = spelling.reaches === 'same' || (spelling.reaches === 'same or 404' && reached !== 'JSON 404') ? expected : 'JSON 404';
          wanted.push(`${scope} ${spelling.name}: ${wantedOutcome}`);
        }
      }
      expect(got).toEqual(wanted);
    },
  );
});
