import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { expectNoRowsWritten } from '../../../test/row-counts.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../../test/test-app.ts';
import { deposit, expectNoLedgerDrift, post, setApprovalSettings } from '../savings-test-support.ts';

// Issue 15: a regular user's own deposit or withdrawal is a request an admin confirms or declines.
let ctx: TestContext;
let admin: SignedInClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'https://kobo.example' });
  admin = await ctx.signedIn('admin');
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.app.kobo.database.db;
const mySavings = async (client: SignedInClient) => (await client.get('/api/savings/me')).json();
const ledgerRowsOf = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from savings_transactions t join savings_accounts a on a.id = t.account_id where a.user_id = ${userId}`,
    )
  )[0]?.n ?? 0;

/** The Subject header, its MIME encoded words (RFC 2047, as nodemailer writes ₦) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))), 'latin1').toString('utf8'),
    );
}

describe("a member's own deposit", () => {
  it('is a request by default: nothing posted until an admin confirms, then posted by that admin', async () => {
    const member = await ctx.signedIn('user');
    const asked = await post(member, { type: 'deposit', amount: '2,500.00', description: 'Cash at the office' });
    expect(asked.statusCode, asked.body).toBe(202);
    const { request } = asked.json();
    expect(request).toMatchObject({
      origin: 'member',
      type: 'deposit',
      status: 'pending',
      holder: { userId: member.userId, email: member.email },
      amountKobo: 250_000,
      description: 'Cash at the office',
      maker: { id: member.userId, email: member.email },
    });
    // Never saved before: no account is opened by asking, and nothing is held for a deposit.
    expect((await mySavings(member)).account).toMatchObject({ accountId: null, balanceKobo: 0, heldKobo: 0, pendingKobo: 0 });
    expect((await member.get('/api/savings/requests/mine')).json().requests.map((row: { id: string }) => row.id)).toEqual([request.id]);

    const confirmed = await admin.post(`/api/savings/requests/${request.id}/approve`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().request).toMatchObject({ status: 'approved', decidedBy: { id: admin.userId } });
    expect(confirmed.json().transaction).toMatchObject({ type: 'deposit', amountKobo: 250_000, createdByEmail: member.email, processedByEmail: admin.email });
    expect((await mySavings(member)).account).toMatchObject({ balanceKobo: 250_000, pendingKobo: 0 });
    expect(await ledgerRowsOf(member.userId)).toBe(1);
  });

  it('when declined posts nothing and the member is told why by mail', async () => {
    const member = await ctx.signedIn('user', { email: 'tola.member@kobo.test' });
    const { request } = (await post(member, { type: 'deposit', amount: '7,000' })).json();
    const declined = await admin.post(`/api/savings/requests/${request.id}/decline`, { reason: 'No cash arrived at the office' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request).toMatchObject({ status: 'declined', reason: 'No cash arrived at the office', transactionId: null });
    expect(await ledgerRowsOf(member.userId)).toBe(0);

    await ctx.app.kobo.outbox.drain();
    const mails = smtp.received.filter((received) => received.to.includes('tola.member@kobo.test') && received.text.includes('declined your deposit'));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(subjectOf(mail?.raw ?? '')).toBe('Your deposit of ₦7,000.00 was declined');
    expect(mail?.text).toContain('Test admin declined your deposit of ₦7,000.00, asked for on');
    expect(mail?.text).toContain('Hello Test user,');
    expect(mail?.text).toContain('Your balance has not changed.');
    expect(mail?.text).toContain('Reason: No cash arrived at the office');
    expect(mail?.text).toContain('https://kobo.example/savings');
  });
});

describe("a member's own withdrawal", () => {
  it('holds its amount while pending, and the admin pays it out by approving', async () => {
    const member = await ctx.signedIn('user');
    await deposit(admin, member.userId, '10,000');
    const { request } = (await post(member, { type: 'withdrawal', amount: '4,000' })).json();
    expect(request).toMatchObject({ origin: 'member', type: 'withdrawal', status: 'pending' });
    expect((await mySavings(member)).account).toMatchObject({ balanceKobo: 1_000_000, heldKobo: 400_000, pendingKobo: 400_000 });
    // A second request for more than is free is refused at once.
    const tooMuch = await post(member, { type: 'withdrawal', amount: '6,000.01' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Insufficient available balance: ₦4,000.00 is held for withdrawals awaiting approval');

    const paid = await admin.post(`/api/savings/requests/${request.id}/approve`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await mySavings(member)).account).toMatchObject({ balanceKobo: 600_000, heldKobo: 0, pendingKobo: 0 });
  });

  it('from an account never opened is refused and opens nothing', async () => {
    const member = await ctx.signedIn('user');
    await expectNoRowsWritten(db(), async () => {
      const refused = await post(member, { type: 'withdrawal', amount: '1.00' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for withdrawal', field: 'amount' });
    });
  });

  it('cannot be backdated by the member', async () => {
    const member = await ctx.signedIn('user');
    await expectNoRowsWritten(db(), async () => {
      const refused = await post(member, { type: 'deposit', amount: '1.00', valueDate: '2020-01-01' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only an administrator can give a posting an earlier value date');
    });
  });
});

describe('cancelling and deciding a member request', () => {
  it('is cancelled by the member who made it; another member is told it does not exist; an admin declines instead', async () => {
    const member = await ctx.signedIn('user');
    const stranger = await ctx.signedIn('user');
    const { request } = (await post(member, { type: 'deposit', amount: '300' })).json();
    await expectNoRowsWritten(db(), async () => {
      const theirs = await stranger.post(`/api/savings/requests/${request.id}/cancel`, {});
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe('Request not found');
      const byAdmin = await admin.post(`/api/savings/requests/${request.id}/cancel`, {});
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe('Only the person who made this request can cancel it');
      // Members decide nothing: the gate.
      expect((await member.post(`/api/savings/requests/${request.id}/approve`, {})).statusCode).toBe(403);
      expect((await member.post(`/api/savings/requests/${request.id}/decline`, { reason: 'x' })).statusCode).toBe(403);
    });
    expect((await stranger.get('/api/savings/requests/mine')).json().requests).toEqual([]);
    const cancelled = await member.post(`/api/savings/requests/${request.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().request).toMatchObject({ status: 'cancelled', reason: null, decidedBy: { id: member.userId } });
    const again = await admin.post(`/api/savings/requests/${request.id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has already been decided');
  });

  it('an admin may approve a member request however large, being the second person', async () => {
    await setApprovalSettings(admin, { threshold: '100', memberPostingsDirect: false });
    const member = await ctx.signedIn('user');
    await deposit(admin, member.userId, '50,000');
    const { request } = (await post(member, { type: 'withdrawal', amount: '20,000' })).json();
    expect(request.origin).toBe('member');
    const paid = await admin.post(`/api/savings/requests/${request.id}/approve`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await mySavings(member)).account.balanceKobo).toBe(3_000_000);
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: false });
  });
});

describe('members posting directly (the old behaviour, turned back on in Settings)', () => {
  it('posts a member’s deposit and withdrawal at once', async () => {
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    const member = await ctx.signedIn('user');
    const deposited = await post(member, { type: 'deposit', amount: '100.00' });
    expect(deposited.statusCode, deposited.body).toBe(201);
    expect(deposited.json().transaction).toMatchObject({ type: 'deposit', amountKobo: 10_000, createdByEmail: member.email, processedByEmail: null });
    const withdrawn = await post(member, { type: 'withdrawal', amount: '40.00' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    expect(withdrawn.json().account.balanceKobo).toBe(6_000);
    expect((await member.get('/api/savings/requests/mine')).json().requests).toEqual([]);
    // Issue 34: the member's page is told its postings go straight through, so the button says so.
    expect((await mySavings(member)).postingsAreRequests).toBe(false);
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: false });
    expect((await mySavings(member)).postingsAreRequests).toBe(true);
  });
});
