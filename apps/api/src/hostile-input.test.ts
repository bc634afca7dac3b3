import { afterAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { registerErrorHandling } from './plugins/errors.ts';
import { queryRows } from './db/client.ts';
import { createTestContext, type SignedInClient, type TestClient } from './test/test-app.ts';
import { rowCounter, type RowCounts } from './test/row-counts.ts';
import { describeRequest, hostileRequest, shorten, type HostileRequest, type HttpMethod, type Pools, type RouteUnderTest } from './test/hostile-input-arbitraries.ts';

/**
 * Issue 10: hostile input is refused, never a 500, never a partial write. Every API route is
 * driven with path parameters, queries and bodies generated from its own zod schemas and then
 * corrupted, as a signed-in admin and as a signed-in user. Each answer must be below 500; a
 * refusal must be JSON with a message and must leave every table's row count as it was (the audit
 * log and the sessions included); a GET must never change a count, whatever its answer.
 *
 * The seed is fixed, so a failure reproduces: FC_SEED=<n> tries another, FC_RUNS=<n> more cases.
 * Each database gets its own seed (PostgreSQL the next one), so the two runs try different cases:
 * 2 × 20 cases a route and caller, where one seed's 40 on each database took four minutes apiece.
 */
const ON_POSTGRES = process.env.KOBO_TEST_DB === 'postgres';
const SEED = Number(process.env.FC_SEED ?? 20261123) + (ON_POSTGRES ? 1 : 0);
const RUNS_PER_ROUTE = Number(process.env.FC_RUNS ?? 20);

// They end the caller's session, and every later case would meet a 401: not driven here.
const SESSION_ENDERS = new Set(['POST /api/auth/sign-out', 'DELETE /api/account']);

// The routes come from the running app, so it is built, and its callers signed in, while the tests are collected.
const ctx = await createTestContext({ LOG_LEVEL: 'warn' });
afterAll(() => ctx.close());
const callers = { admin: await ctx.signedIn('admin'), user: await ctx.signedIn('user') };
const pools = await seedRecords(callers.admin, callers.user);
const countRows = await rowCounter(ctx.app.kobo.database.db);
const routes: RouteUnderTest[] = ctx.app.kobo
  .routes()
  .filter((route) => route.url.startsWith('/api/') && !SESSION_ENDERS.has(`${route.method} ${route.url}`))
  .map(({ method, url, schema }) => ({ method, url, schema }));

/** A category, an expense, a staff member with savings, another user, and the user's own savings: real ids for the pools. */
async function seedRecords(admin: SignedInClient, user: SignedInClient): Promise<Pools> {
  const { category } = await created(admin, '/api/categories', { name: 'Fuel' });
  const { expense } = await created(admin, '/api/expenses', { categoryId: category.id, amount: '2500.00', date: '2026-03-02' });
  const { staff } = await created(admin, '/api/savings/staff', { email: 'hostile.staff@kobo.test', password: 'password1', name: 'Staff Member' });
  await created(admin, '/api/savings/transactions', { userId: staff.userId, type: 'deposit', amount: '100.00' });
  const { user: other } = await created(admin, '/api/users', { email: 'hostile.other@kobo.test', name: 'Other', password: 'password1', role: 'user' });
  // The user's own savings, and a withdrawal of theirs awaiting an admin (issue 15: a member's own posting is a request).
  await created(admin, '/api/savings/transactions', { userId: user.userId, type: 'deposit', amount: '50.00' });
  const { request } = await created(user, '/api/savings/transactions', { type: 'withdrawal', amount: '10.00' }, 202);
  return {
    // The signed-in user's own id is left out: an admin's deactivation would end that caller's session.
    ids: [category.id, expense.id, staff.userId, other.id, admin.userId, request.id],
    emails: ['hostile.staff@kobo.test', 'hostile.other@kobo.test', admin.email],
  };
}

async function created(client: TestClient, url: string, body: object, status = 201) {
  const response = await client.post(url, body);
  if (response.statusCode !== status) throw new Error(`seeding ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Routes on /profile whose current password is counted like a sign-in (issue 15). */
const COUNTED_PASSWORD_CHECKS = new Set(['/api/account/password', '/api/account/email']);

/** Refusals that write by design: a failed sign-in, or a wrong current password, is counted toward the throttle. */
function writesOnRefusal(route: RouteUnderTest, status: number): string[] {
  if (route.method === 'POST' && route.url === '/api/auth/sign-in' && status === 401) return ['sign_in_failures'];
  if (route.method === 'POST' && COUNTED_PASSWORD_CHECKS.has(route.url) && (status === 400 || status === 429)) return ['sign_in_failures'];
  return [];
}

function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Sent with a fixed cookie, so that a sign-up or sign-in answer cannot change who is calling. */
async function send(cookie: string, request: HostileRequest, route: RouteUnderTest) {
  // The event stream stays open for maxSeconds (600 by default): every request here asks for 0.
  const url = route.url === '/api/events' ? `${request.url}${request.url.includes('?') ? '&' : '?'}maxSeconds=0` : request.url;
  return ctx.app.inject({
    method: request.method,
    url,
    headers: { cookie, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

function changedTables(before: RowCounts, after: RowCounts, allowed: string[]): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table] && !allowed.includes(table));
}

function jsonMessage(body: string): unknown {
  try {
    return (JSON.parse(body) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}

/**
 * The row counts, and the database's next transaction id when they were taken. No row is written
 * without a transaction id, so while that id has not moved the counts still hold and the count of
 * every table (as dear as the request itself on PGlite) is skipped. On PostgreSQL other files'
 * databases move it too; then the tables are counted again.
 */
let known: { xid: string; counts: RowCounts } | null = null;
const nextTransactionId = async () => (await queryRows<{ xid: string }>(ctx.app.kobo.database.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`))[0]!.xid;

async function countsNow(): Promise<{ xid: string; counts: RowCounts }> {
  const xid = await nextTransactionId();
  if (known?.xid === xid) return known;
  return { xid, counts: await countRows() };
}

async function expectCleanAnswer(cookie: string, route: RouteUnderTest, request: HostileRequest) {
  const before = await countsNow();
  known = null;
  const response = await send(cookie, request, route);
  const status = response.statusCode;
  const answer = `${describeRequest(request)}\n  → ${status} ${shorten(response.body, 400)}`;
  if (status >= 500) throw new Error(`a server error:\n  ${answer}`);
  if (status >= 400) {
    const message = jsonMessage(response.body);
    if (typeof message !== 'string' || message === '') throw new Error(`a refusal without a JSON message:\n  ${answer}`);
  }
  if (status >= 400 || request.method === 'GET') {
    known = before;
    const after = await countsNow();
    const changed = changedTables(before.counts, after.counts, writesOnRefusal(route, status));
    if (changed.length > 0) throw new Error(`rows changed in ${changed.join(', ')}:\n  ${answer}`);
    known = after;
  }
}

describe('the row counts’ shortcut', () => {
  it('holds only while nothing is written: a refused request leaves the transaction id, a write moves it', async () => {
    const idle = await nextTransactionId();
    expect((await callers.admin.post('/api/categories', { name: '' })).statusCode).toBe(400);
    // On PostgreSQL the other file running beside this one moves the server's id at any moment.
    const afterRefusal = await nextTransactionId();
    expect(ON_POSTGRES || afterRefusal === idle, `moved from ${idle} to ${afterRefusal}`).toBe(true);
    const beforeWrite = await nextTransactionId();
    expect((await callers.admin.post('/api/categories', { name: 'Shortcut check' })).statusCode).toBe(201);
    expect(BigInt(await nextTransactionId())).toBeGreaterThan(BigInt(beforeWrite));
    known = null;
  });
});

describe.each(Object.keys(callers) as (keyof typeof callers)[])('every route, with hostile input, as a signed-in %s', (callerName) => {
  const cookie = cookieHeader(callers[callerName]);
  it.each(routes.map((route) => ({ route, name: `${route.method} ${route.url}` })))('$name: below 500, and a refusal writes nothing', async ({ route }) => {
    const property = fc.asyncProperty(hostileRequest(route, pools), (request) => expectCleanAnswer(cookie, route, request));
    await expect(fc.assert(property, { seed: SEED, numRuns: RUNS_PER_ROUTE })).resolves.toBeUndefined();
    // Routes that hash a password (sign-up, sign-in, add user) take seconds on a busy machine.
  }, 120_000);
});

type Literal = { name: string; method: HttpMethod; url: string; body?: unknown };

/** The status, the message, and the tables whose row count the request changed. */
async function answerTo(client: TestClient, literal: Literal) {
  const before = await countRows();
  const response = await client.request(literal.method, literal.url, literal.body);
  return { status: response.statusCode, message: jsonMessage(response.body), changedTables: changedTables(before, await countRows(), []) };
}

const refusedAs = (message: string) => ({ status: 400, message, changedTables: [] });
const person = { email: 'ada.hostile@kobo.test', password: 'password1', role: 'user' };
const expenseOn = (date: string) => ({ categoryId: pools.ids[0], amount: '10.00', date });
const unstorable = refusedAs(MESSAGES.unsupportedCharacters);
const badDate = refusedAs(MESSAGES.invalidDate);

/** The cases issue 10 found, each with the answer it must get. */
describe('the 500s issue 10 found, now refused', () => {
  it.each<Literal & { answer: object }>([
    { name: 'NUL in a category name', method: 'POST', url: '/api/categories', body: { name: 'Fuel\u0000' }, answer: unstorable },
    { name: 'NUL in a user name', method: 'POST', url: '/api/users', body: { ...person, name: 'Ada\u0000' }, answer: unstorable },
    { name: 'NUL in an expense description', method: 'POST', url: '/api/expenses', body: { ...expenseOn('2026-03-02'), description: 'a\u0000' }, answer: unstorable },
    { name: 'NUL in a key', method: 'POST', url: '/api/categories', body: { 'na\u0000me': 'Fuel' }, answer: unstorable },
    { name: 'NUL in a path id (role)', method: 'PATCH', url: '/api/users/%00/role', body: { role: 'user' }, answer: unstorable },
    { name: 'NUL in a path id (deactivate)', method: 'POST', url: '/api/users/%00/deactivate', answer: unstorable },
    { name: 'NUL in a path id (delete)', method: 'DELETE', url: '/api/users/%00', answer: unstorable },
    { name: 'NUL in a path id (savings account)', method: 'GET', url: '/api/savings/accounts/%00', answer: unstorable },
    { name: 'NUL in a query (users)', method: 'GET', url: '/api/users?search=%00', answer: unstorable },
    { name: 'NUL in a query (holders)', method: 'GET', url: '/api/savings/holders?search=Ada%00', answer: unstorable },
    { name: 'NUL in a query (audit)', method: 'GET', url: '/api/audit?userId=%00', answer: unstorable },
    { name: 'a lone surrogate in a user name', method: 'POST', url: '/api/users', body: { ...person, name: 'Ada \ud800' }, answer: unstorable },
    { name: 'a lone surrogate in a staff name', method: 'POST', url: '/api/savings/staff', body: { ...person, name: '\udfffAda' }, answer: unstorable },
    { name: 'a lone surrogate in a category name', method: 'POST', url: '/api/categories', body: { name: 'Fuel \ud800' }, answer: unstorable },
    { name: 'year 0000 in an expense', method: 'POST', url: '/api/expenses', body: expenseOn('0000-01-01'), answer: badDate },
    { name: '9999-12-31 in an expense', method: 'POST', url: '/api/expenses', body: expenseOn('9999-12-31'), answer: badDate },
    { name: 'the day before 1900 in an expense', method: 'POST', url: '/api/expenses', body: expenseOn('1899-12-31'), answer: badDate },
    { name: 'year 3000 in an expense', method: 'POST', url: '/api/expenses', body: expenseOn('3000-01-01'), answer: badDate },
    { name: 'year 0000 in a report', method: 'GET', url: '/api/reports?from=0000-01-01&to=2026-01-01', answer: badDate },
    { name: '9999-12-31 in a report', method: 'GET', url: '/api/reports?from=2026-01-01&to=9999-12-31', answer: badDate },
    { name: 'year 0000 in report rows', method: 'GET', url: '/api/reports/rows?from=0000-01-01&to=2026-01-01', answer: badDate },
    { name: '9999-12-31 in an export', method: 'GET', url: '/api/export/expenses?from=2026-01-01&to=9999-12-31', answer: badDate },
    { name: 'year 0000 in an export', method: 'GET', url: '/api/export/expenses?from=0000-01-01&to=2026-01-01', answer: badDate },
    { name: '9999-12-31 in the audit log', method: 'GET', url: '/api/audit?from=2026-01-01&to=9999-12-31', answer: badDate },
  ])('$name, from an admin', async ({ answer, ...literal }) => {
    expect(await answerTo(callers.admin, literal)).toEqual(answer);
  });

  it.each<Literal>([
    { name: 'year 0000 in a statement', method: 'GET', url: '/api/savings/statement?from=0000-01-01&to=2026-01-01' },
    { name: '9999-12-31 in a statement', method: 'GET', url: '/api/savings/statement?from=2026-01-01&to=9999-12-31' },
    { name: '9999-12-31 in a statement export', method: 'GET', url: '/api/savings/statement/export?from=2026-01-01&to=9999-12-31' },
  ])('$name, from a user with savings', async (literal) => {
    expect(await answerTo(callers.user, literal)).toEqual(refusedAs(MESSAGES.selectBothDates));
  });

  it('a lone surrogate in a name at sign-up', async () => {
    const body = { name: '\ud800', email: 'sign.up.hostile@kobo.test', password: 'password1', confirmPassword: 'password1' };
    expect(await answerTo(ctx.client(), { name: 'sign-up', method: 'POST', url: '/api/auth/sign-up', body })).toEqual(unstorable);
  });

  it.each(['1900-01-01', '2999-12-31'])('accepts an expense on %s, the first or last day Kobo takes', async (date) => {
    expect(await answerTo(callers.admin, { name: date, method: 'POST', url: '/api/expenses', body: expenseOn(date) })).toMatchObject({ status: 201 });
  });

  it('accepts whole surrogate pairs (emoji) in a name', async () => {
    const literal: Literal = { name: 'emoji', method: 'POST', url: '/api/categories', body: { name: 'Fuel ⛽ 🚗' } };
    expect(await answerTo(callers.admin, literal)).toMatchObject({ status: 201 });
  });
});

/** What the schemas and the input guard miss, PostgreSQL refuses: bad input, so 400, not 500. */
describe('a data exception from PostgreSQL', () => {
  it.each([
    { name: 'a date out of range', query: sql`select ${'0000-01-01'}::date`, sqlState: '22008' },
    { name: 'a number out of range', query: sql`select ${'99999999999'}::int`, sqlState: '22003' },
    { name: 'a malformed number', query: sql`select ${'twelve'}::int`, sqlState: '22P02' },
  ])('is answered 400 and logged as a warning: $name', async ({ query, sqlState }) => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    registerErrorHandling(app);
    app.get('/probe', async () => ctx.app.kobo.database.db.execute(query));
    const response = await app.inject({ method: 'GET', url: '/probe' });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.invalidRequest });
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ level: 40, sqlState, msg: 'bad input refused by the database' }]);
  });
});
