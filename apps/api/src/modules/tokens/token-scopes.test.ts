import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import type { ExpectedAccess, Outcome } from '../../test/access-outcomes.ts';
import { EXPECTED_DEMOTED_TOKEN_ACCESS, EXPECTED_TOKEN_ACCESS, TOKEN_SCOPE_ORDER } from '../../test/expected-access-tokens.ts';

// Monday 23 Nov 2026, 10:00 in Lagos; a test moves it forward to see a token expire.
let clock = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;

beforeAll(async () => {
  ctx = await createTestContext({}, () => clock);
  admin = await ctx.signedIn('admin');
});
afterAll(async () => ctx?.close());

async function createToken(maker: SignedInClient, body: Record<string, unknown>) {
  const response = await maker.post('/api/tokens', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { token: { id: string; ipRanges: string[] }; secret: string };
}

function call(secret: string, row: Omit<ExpectedAccess, 'expect'>, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: row.method,
    url: row.path ?? row.url,
    remoteAddress,
    headers: { authorization: `Bearer ${secret}` },
    ...(row.body === undefined ? {} : { payload: row.body as object }),
  });
}

/** 'ok' when the token got past the gate; else the gate's status. */
function outcomeOf(status: number): Outcome | number {
  return status === 401 || status === 403 || status >= 500 ? status : 'ok';
}

describe('each scope against representative routes (issue 28)', () => {
  const secrets = new Map<string, string>();
  beforeAll(async () => {
    for (const scope of TOKEN_SCOPE_ORDER) secrets.set(scope, (await createToken(admin, { name: `Scope ${scope}`, scope, days: 30 })).secret);
  });

  it.each(EXPECTED_TOKEN_ACCESS.map((row) => ({ name: `${row.method} ${row.url}`, row })))('$name', async ({ row }) => {
    const outcomes = [];
    for (const scope of TOKEN_SCOPE_ORDER) outcomes.push(outcomeOf((await call(secrets.get(scope) ?? '', row)).statusCode));
    expect(outcomes).toEqual(row.expect);
  });
});

describe('a scope wider than its owner’s role', () => {
  let readAsManager: string;
  let recordAsAuditor: string;
  beforeAll(async () => {
    const first = await ctx.signedIn('admin');
    const second = await ctx.signedIn('admin');
    readAsManager = (await createToken(first, { name: 'Reports', scope: 'read', days: 30 })).secret;
    recordAsAuditor = (await createToken(second, { name: 'Till', scope: 'record_expenses', days: 30 })).secret;
    await ctx.app.kobo.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, first.userId));
    await ctx.app.kobo.database.db.update(users).set({ role: 'auditor' }).where(eq(users.id, second.userId));
  });

  it.each(EXPECTED_DEMOTED_TOKEN_ACCESS.map((row) => ({ name: `${row.method} ${row.url}`, row })))('acts only as the role now on $name', async ({ row }) => {
    const outcomes = [outcomeOf((await call(readAsManager, row)).statusCode), outcomeOf((await call(recordAsAuditor, row)).statusCode)];
    expect(outcomes).toEqual(row.expect);
  });
});

describe('expiry and IP ranges', () => {
  const batches = { method: 'GET', url: '/api/savings/batches' } as const;

  it('refuses an expired token with 401 saying it expired', async () => {
    const { secret } = await createToken(admin, { name: 'Short', scope: 'read', expiresAt: '2026-11-24T09:00:00.000Z' });
    expect((await call(secret, batches)).statusCode).toBe(200);
    clock = new Date('2026-11-24T09:00:00.000Z');
    try {
      const response = await call(secret, batches);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'API_TOKEN_INVALID', message: 'This API token has expired: make a new one on Settings.' });
    } finally {
      clock = new Date('2026-11-23T09:00:00.000Z');
    }
  });

  it('lists the ranges and takes calls only from them, IPv4 and IPv6, saying why it refuses', async () => {
    const created = await createToken(admin, { name: 'Payroll office', scope: 'read', days: 30, ipRanges: ['203.0.113.0/24', ' 2001:db8::/32 ', '198.51.100.7'] });
    expect(created.token.ipRanges).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32']);
    const listed = (await admin.get('/api/tokens')).json().tokens.find((token: { id: string }) => token.id === created.token.id);
    expect(listed.ipRanges).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32']);

    for (const inside of ['203.0.113.9', '::ffff:203.0.113.200', '2001:db8:1::5', '198.51.100.7']) {
      expect((await call(created.secret, batches, inside)).statusCode, inside).toBe(200);
    }
    for (const outside of ['203.0.114.1', '198.51.100.8', '2001:db9::1', '127.0.0.1', '::1']) {
      const response = await call(created.secret, batches, outside);
      expect(response.statusCode, outside).toBe(401);
      expect(response.json()).toEqual({ error: 'API_TOKEN_INVALID', message: 'This API token may not be used from this IP address.' });
    }
  });

  it.each([
    [['10.0.0.0/33'], 'ipRanges'],
    [['300.1.2.3/8'], 'ipRanges'],
    [['2001:db8::/129'], 'ipRanges'],
    [['fe80::1%eth0/64'], 'ipRanges'],
    [[''], 'ipRanges'],
    [Array.from({ length: 21 }, (_, index) => `10.0.${index}.0/24`), 'ipRanges'],
    ['10.0.0.0/8', 'ipRanges'],
  ])('refuses the ranges %j with 400 naming the field', async (ipRanges, field) => {
    const response = await admin.post('/api/tokens', { name: 'x', scope: 'read', days: 30, ipRanges });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().field).toBe(field);
  });

});

describe('hostile token fields (issue 10, with issue 28’s new ones)', () => {
  it.each([
    ['5,000 ranges', { ipRanges: Array.from({ length: 5000 }, (_, index) => `10.${index % 256}.0.0/16`) }],
    ['a range of 10,000 characters', { ipRanges: [`10.0.0.0/${'8'.repeat(10_000)}`] }],
    ['a NUL in a range', { ipRanges: ['10.0.0.0/8\u0000'] }],
    ['a NUL in the name', { name: 'Pay\u0000roll' }],
    ['ranges that are not strings', { ipRanges: [10, null, { cidr: '10.0.0.0/8' }] }],
    ['a year-0 expiry', { days: undefined, expiresAt: '0000-01-01T00:00:00.000Z' }],
    ['a year-275760 expiry', { days: undefined, expiresAt: '+275760-09-13T00:00:00.000Z' }],
    ['a scope from the prototype', { scope: '__proto__' }],
  ])('refuses %s with 400, writing nothing', async (_, change) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post('/api/tokens', { name: 'Hostile', scope: 'read', days: 30, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().message).toBe('string');
    });
  });
});
