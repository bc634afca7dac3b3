import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import { apiTokens } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { EXPECTED_ACCESS, type ExpectedAccess } from '../../test/expected-access.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff } from '../savings/savings-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos; tests move it forward to see a token expire.
let clock = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
let ada: SavingsHolderListItem;
let bayo: SavingsHolderListItem;

beforeAll(async () => {
  ctx = await createTestContext({}, () => clock);
  admin = await ctx.signedIn('admin');
  ada = await addStaff(admin, { name: 'Ada Token' });
  bayo = await addStaff(admin, { name: 'Bayo Token' });
});
afterAll(async () => ctx?.close());

async function createToken(body: Record<string, unknown>) {
  const response = await admin.post('/api/tokens', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { token: { id: string; name: string; scope: string; expiresAt: string; lastUsedAt: string | null }; secret: string };
}

function withToken(secret: string, method: ExpectedAccess['method'], url: string, body?: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** The rows a token's scope is checked against: every gated route (public ones never read a token). */
const GATED = EXPECTED_ACCESS.filter((row) => row.expect[4] !== 'ok');
/** Never by token: the tokens themselves and the backups (a whole database). */
const NEVER_BY_TOKEN = ['/api/tokens', '/api/backups', '/api/backups/files/:name'];
const ADMIN_GETS = GATED.filter((row) => row.method === 'GET' && row.expect[0] === 'ok' && !NEVER_BY_TOKEN.includes(row.url));
const BATCH_ROUTES = [
  'GET /api/savings/runs/prepare',
  'GET /api/savings/batches/template',
  'POST /api/savings/batches/file',
  'POST /api/savings/batches/review',
  'POST /api/savings/batches',
  'GET /api/savings/batches',
  'GET /api/savings/batches/:id',
  'GET /api/savings/batches/:id/export',
  'POST /api/savings/batches/:id/reversal',
];

describe('creating, listing and revoking tokens', () => {
  it('shows the secret once, stores only its SHA-256, and lists the token without it', async () => {
    const created = await createToken({ name: 'Payroll', scope: 'savings_batches', days: 30 });
    expect(created.secret).toMatch(/^kobo_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'Payroll', scope: 'savings_batches', expiresAt: '2026-12-23T09:00:00.000Z', lastUsedAt: null, revokedAt: null });
    const [row] = await ctx.app.kobo.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));

    const list = await admin.get('/api/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(row?.tokenHash);
    expect(list.json().tokens).toContainEqual(expect.objectContaining({ id: created.token.id, name: 'Payroll', createdByName: 'Test admin' }));

    const audit = (await admin.get('/api/audit?kind=api_token.created')).json().entries;
    expect(audit[0]).toMatchObject({ target: { type: 'api_token', id: created.token.id, label: 'Payroll' }, after: { name: 'Payroll', scope: 'savings_batches' } });
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('takes an expiry instant instead of a number of days', async () => {
    const created = await createToken({ name: 'Reports', scope: 'read', expiresAt: '2027-06-30T00:00:00.000Z' });
    expect(created.token.expiresAt).toBe('2027-06-30T00:00:00.000Z');
  });

  it.each([
    [{ scope: 'read', days: 30 }, 'name'],
    [{ name: '   ', scope: 'read', days: 30 }, 'name'],
    [{ name: 'x', scope: 'write', days: 30 }, 'scope'],
    [{ name: 'x', scope: 'read' }, 'days'],
    [{ name: 'x', scope: 'read', days: 30, expiresAt: '2027-01-01T00:00:00.000Z' }, 'days'],
    [{ name: 'x', scope: 'read', days: 0 }, 'days'],
    [{ name: 'x', scope: 'read', days: 731 }, 'days'],
    [{ name: 'x', scope: 'read', days: 1.5 }, 'days'],
    [{ name: 'x', scope: 'read', expiresAt: 'next year' }, 'expiresAt'],
    [{ name: 'x', scope: 'read', expiresAt: '2026-11-01T00:00:00.000Z' }, 'expiresAt'],
    [{ name: 'x', scope: 'read', expiresAt: '2030-01-01T00:00:00.000Z' }, 'expiresAt'],
  ])('refuses %j naming the field, writing nothing', async (body, field) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post('/api/tokens', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().field).toBe(field);
    });
  });

  it('answers 404 for a token that does not exist', async () => {
    expect((await admin.request('DELETE', '/api/tokens/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.request('DELETE', '/api/tokens/not-a-uuid')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const manager = await ctx.signedIn('manager');
    expect((await manager.get('/api/tokens')).statusCode).toBe(403);
    expect((await manager.post('/api/tokens', { name: 'x', scope: 'read', days: 1 })).statusCode).toBe(403);
  });
});

describe('a read token', () => {
  let secret: string;
  beforeAll(async () => {
    secret = (await createToken({ name: 'Reports', scope: 'read', days: 30 })).secret;
  });

  it.each(ADMIN_GETS.map((row) => ({ name: `${row.method} ${row.url}`, row })))('gets past the gate on $name', async ({ row }) => {
    const response = await withToken(secret, row.method, row.path ?? row.url);
    expect([401, 403]).not.toContain(response.statusCode);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each(GATED.filter((row) => row.method !== 'GET').map((row) => ({ name: `${row.method} ${row.url}`, row })))(
    'is refused with 403 on $name, writing nothing',
    async ({ row }) => {
      await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
        const response = await withToken(secret, row.method, row.path ?? row.url, row.body);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: 'FORBIDDEN', message: MESSAGES.forbidden });
      });
    },
  );

  it('never reaches the token or backup routes, nor a GET only members may call', async () => {
    expect((await withToken(secret, 'GET', '/api/tokens')).statusCode).toBe(403);
    expect((await withToken(secret, 'GET', '/api/backups')).statusCode).toBe(403);
    expect((await withToken(secret, 'GET', '/api/backups/files/kobo-2026-01-01T02-00-00Z.kobo-backup')).statusCode).toBe(403);
    expect((await withToken(secret, 'GET', '/api/savings/me')).statusCode).toBe(403);
  });

  it('acts as its admin under its own name', async () => {
    const session = await withToken(secret, 'GET', '/api/savings/holders');
    expect(session.statusCode).toBe(200);
    expect(session.json().holders.map((holder: { userId: string }) => holder.userId)).toEqual(expect.arrayContaining([ada.userId, bayo.userId]));
  });
});

describe('a savings_batches token', () => {
  let secret: string;
  let tokenId: string;
  beforeAll(async () => {
    const created = await createToken({ name: 'Payroll system', scope: 'savings_batches', days: 1 });
    secret = created.secret;
    tokenId = created.token.id;
  });

  it.each(GATED.filter((row) => !BATCH_ROUTES.includes(`${row.method} ${row.url}`)).map((row) => ({ name: `${row.method} ${row.url}`, row })))(
    'is refused with 403 on $name',
    async ({ row }) => {
      const response = await withToken(secret, row.method, row.path ?? row.url, row.body);
      expect(response.statusCode).toBe(403);
    },
  );

  it.each(GATED.filter((row) => BATCH_ROUTES.includes(`${row.method} ${row.url}`)).map((row) => ({ name: `${row.method} ${row.url}`, row })))(
    'gets past the gate on $name',
    async ({ row }) => {
      const response = await withToken(secret, row.method, row.path ?? row.url, row.body);
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
    },
  );

  it('prepares, reviews and posts a monthly batch, and the audit log names the token', async () => {
    const prepared = await withToken(secret, 'GET', '/api/savings/runs/prepare?month=2026-10');
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(prepared.json()).toMatchObject({ month: '2026-10', valueDate: '2026-10-30' });
    const draft = { month: '2026-10', rows: [{ ref: ada.staffId, amount: '15000' }, { ref: bayo.staffId, amount: '2500.50' }] };
    const review = await withToken(secret, 'POST', '/api/savings/batches/review', draft);
    expect(review.statusCode, review.body).toBe(200);
    const posted = await withToken(secret, 'POST', '/api/savings/batches', draft, { 'idempotency-key': 'payroll-2026-10' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().batch).toMatchObject({ month: '2026-10', rowCount: 2, depositKobo: 1_750_050 });
    const replay = await withToken(secret, 'POST', '/api/savings/batches', draft, { 'idempotency-key': 'payroll-2026-10' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const audit = (await admin.get('/api/audit?kind=savings.batch_posted')).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: { name: 'API token: Payroll system' }, target: { type: 'savings_batch', id: posted.json().batch.id } });
    const [row] = await ctx.app.kobo.database.db.select().from(apiTokens).where(eq(apiTokens.id, tokenId));
    expect(row?.lastUsedAt?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    const listed = (await admin.get('/api/tokens')).json().tokens.find((token: { id: string }) => token.id === tokenId);
    expect(listed.lastUsedAt).toBe('2026-11-23T09:00:00.000Z');
  });

  it('is refused with 401 once it has expired', async () => {
    clock = new Date('2026-11-24T09:00:00.000Z');
    try {
      const response = await withToken(secret, 'GET', '/api/savings/batches');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'API_TOKEN_INVALID', message: 'This API token has expired: make a new one on Settings.' });
    } finally {
      clock = new Date('2026-11-23T09:00:00.000Z');
    }
    expect((await withToken(secret, 'GET', '/api/savings/batches')).statusCode).toBe(200);
  });
});

describe('refused tokens', () => {
  it('answers 401 at once after a revocation, and records it', async () => {
    const created = await createToken({ name: 'Old payroll', scope: 'read', days: 30 });
    expect((await withToken(created.secret, 'GET', '/api/savings/batches')).statusCode).toBe(200);
    const revoked = await admin.request('DELETE', `/api/tokens/${created.token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ token: { revokedAt: '2026-11-23T09:00:00.000Z' }, message: MESSAGES.apiTokenRevoked });
    expect((await withToken(created.secret, 'GET', '/api/savings/batches')).statusCode).toBe(401);
    // Revoking again changes nothing and records nothing.
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await admin.request('DELETE', `/api/tokens/${created.token.id}`)).statusCode).toBe(200);
    });
    const audit = (await admin.get('/api/audit?kind=api_token.revoked')).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: { id: created.token.id }, before: { revokedAt: null }, after: { revokedAt: '2026-11-23T09:00:00.000Z' } });
  });

  it.each(['kobo_' + 'A'.repeat(43), 'not-a-token', '', 'kobo_short'])('answers 401 to the unknown bearer %j', async (bearer) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/savings/batches', headers: { authorization: `Bearer ${bearer}` } });
    expect(response.statusCode).toBe(401);
  });

  it('takes a token from the Authorization header only, never a cookie or the query', async () => {
    const { secret } = await createToken({ name: 'Header only', scope: 'read', days: 30 });
    const inQuery = await ctx.app.inject({ method: 'GET', url: `/api/savings/batches?access_token=${secret}&token=${secret}` });
    expect(inQuery.statusCode).toBe(401);
    const inCookie = await ctx.app.inject({ method: 'GET', url: '/api/savings/batches', headers: { cookie: `token=${secret}; authorization=Bearer%20${secret}` } });
    expect(inCookie.statusCode).toBe(401);
  });

  it('stops working when its maker is deactivated', async () => {
    const other = await ctx.signedIn('admin');
    const response = await other.post('/api/tokens', { name: 'Leaver', scope: 'read', days: 30 });
    const { secret } = response.json() as { secret: string };
    expect((await withToken(secret, 'GET', '/api/savings/batches')).statusCode).toBe(200);
    await ctx.setActive(other.userId, false);
    expect((await withToken(secret, 'GET', '/api/savings/batches')).statusCode).toBe(401);
  });
});
