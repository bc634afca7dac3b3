import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';

let ctx: TestContext;
let admin: SignedInClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
  admin = await ctx.signedIn('admin');
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.app.kobo.database.db;
const put = (client: SignedInClient, body: unknown) => client.request('PUT', '/api/account/mail-preferences', body);

describe('mail preferences', () => {
  it('are all on for a new account, and each kind turns off and on again by itself', async () => {
    const staff = await ctx.signedIn('staff');
    expect((await staff.get('/api/account/mail-preferences')).json()).toEqual({ preferences: { postings: true, loans: true, statements: true } });

    const off = await put(staff, { statements: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ preferences: { postings: true, loans: true, statements: false } });
    // A change names only what changes: the statements stay off.
    expect((await put(staff, { postings: false, loans: true })).json()).toEqual({ preferences: { postings: false, loans: true, statements: false } });
    expect((await put(staff, { postings: true })).json()).toEqual({ preferences: { postings: true, loans: true, statements: false } });
    expect((await staff.get('/api/account/mail-preferences')).json()).toEqual({ preferences: { postings: true, loans: true, statements: false } });
    const [row] = await queryRows<{ mail_opt_outs: string[] }>(db(), sql`select mail_opt_outs from users where id = ${staff.userId}`);
    expect(row?.mail_opt_outs).toEqual(['statements']);
  });

  it("change only the caller's own", async () => {
    const one = await ctx.signedIn('user');
    const other = await ctx.signedIn('user');
    await put(one, { loans: false });
    expect((await other.get('/api/account/mail-preferences')).json().preferences.loans).toBe(true);
  });

  it('refuse an unknown kind, a value that is not on or off, and an empty change, saving nothing', async () => {
    const user = await ctx.signedIn('user');
    await put(user, { postings: false });
    for (const body of [{ sms: false }, { postings: true, sms: false }, { postings: 'no' }, { statements: null }, {}, []]) {
      await expectNoRowsWritten(db(), async () => {
        const refused = await put(user, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().error).toBe('VALIDATION');
      });
    }
    expect((await user.get('/api/account/mail-preferences')).json()).toEqual({ preferences: { postings: false, loans: true, statements: true } });
  });
});

/**
 * A mail the outbox gave up on, as it leaves one after its last try (written at once, so no worker sends it first).
 * `minutesAgo` sets when it was queued: PGlite's clock can give two quick inserts the same instant, and the
 * screen's order between equal instants is by random id.
 */
async function failedMail(to: string, subject: string, kind = 'savings.receipt', minutesAgo = 0): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into mail_outbox (kind, to_email, subject, body, attempts, failed_at, last_error, next_attempt_at, created_at)
        values (${kind}, ${to}, ${subject}, ${`Hello ${to}`}, 8, now(), '550 mailbox unavailable', now() + interval '1 hour',
                now() - make_interval(mins => ${minutesAgo}))
        returning id`,
  );
  return row?.id ?? '';
}

describe('the outgoing mail screen', () => {
  let failedId = '';

  it('lists failed mail newest first with what went wrong, and counts what waits and what failed', async () => {
    await failedMail('first.failed@kobo.test', 'Deposit of ₦1.00 on your savings', 'savings.receipt', 5);
    failedId = await failedMail('second.failed@kobo.test', 'Loan repayment of ₦2.00 received', 'loan.event');
    // A queued mail not yet due: the worker will not touch it during this test.
    await db().execute(sql`
      insert into mail_outbox (kind, to_email, subject, body, next_attempt_at)
      values ('savings.statement', 'waiting@kobo.test', 'Your savings statement for February 2026', 'Hi', now() + interval '1 hour')`);

    const failed = await admin.get('/api/mail/outbox?status=failed');
    expect(failed.statusCode, failed.body).toBe(200);
    const page = failed.json();
    expect(page.counts).toEqual({ queued: 1, failed: 2 });
    // A mail server is set (issue 26): nothing is kept in the outbox folder.
    expect(page.mailServer).toEqual({ isSet: true, kept: 0 });
    expect(page.mails.map((mail: { to: string }) => mail.to)).toEqual(['second.failed@kobo.test', 'first.failed@kobo.test']);
    expect(page.mails[0]).toMatchObject({
      id: failedId,
      kind: 'loan.event',
      to: 'second.failed@kobo.test',
      subject: 'Loan repayment of ₦2.00 received',
      attempts: 8,
      lastError: '550 mailbox unavailable',
      nextAttemptAt: null,
    });
    expect(page.mails[0].failedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(page.nextCursor).toBeNull();

    const queued = (await admin.get('/api/mail/outbox?status=queued')).json();
    expect(queued.mails).toEqual([expect.objectContaining({ to: 'waiting@kobo.test', kind: 'savings.statement', attempts: 0, lastError: null, failedAt: null })]);
  });

  it('pages with a cursor', async () => {
    const first = (await admin.get('/api/mail/outbox?status=failed&limit=1')).json();
    expect(first.mails.map((mail: { to: string }) => mail.to)).toEqual(['second.failed@kobo.test']);
    const second = (await admin.get(`/api/mail/outbox?status=failed&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    expect(second.mails.map((mail: { to: string }) => mail.to)).toEqual(['first.failed@kobo.test']);
    expect(second.nextCursor).toBeNull();
  });

  it('sends a failed mail again: queued with its tries from zero, audited, and sent', async () => {
    const retried = await admin.post(`/api/mail/outbox/${failedId}/retry`);
    expect(retried.statusCode, retried.body).toBe(204);
    await ctx.app.kobo.outbox.drain();
    expect(smtp.received.filter((mail) => mail.to.includes('second.failed@kobo.test'))).toHaveLength(1);
    const [row] = await queryRows<{ attempts: number; failed_at: Date | null; sent_at: Date | null }>(db(), sql`select attempts, failed_at, sent_at from mail_outbox where id = ${failedId}`);
    expect(row).toMatchObject({ attempts: 1, failed_at: null });
    expect(row?.sent_at).not.toBeNull();
    const [entry] = (await admin.get('/api/audit?kind=mail.retried')).json().entries;
    expect(entry).toMatchObject({
      kind: 'mail.retried',
      actor: { id: admin.userId, email: admin.email },
      target: { type: 'mail', id: failedId, label: 'Loan update to second.failed@kobo.test' },
      before: { status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' },
      after: { status: 'queued', attempts: 0, subject: 'Loan repayment of ₦2.00 received' },
    });
    expect((await admin.get('/api/mail/outbox?status=failed')).json().counts).toEqual({ queued: 1, failed: 1 });
  });

  it('refuses to send again a mail that did not fail, an unknown one, or a malformed id, changing nothing', async () => {
    const cases: [string, number, string][] = [
      [failedId, 409, MESSAGES.mailNotFailed],
      ['00000000-0000-4000-8000-000000000000', 404, MESSAGES.mailNotFound],
      ['not-a-mail', 404, MESSAGES.mailNotFound],
    ];
    for (const [id, status, message] of cases) {
      await expectNoRowsWritten(db(), async () => {
        const refused = await admin.post(`/api/mail/outbox/${encodeURIComponent(id)}/retry`);
        expect(refused.statusCode, id).toBe(status);
        expect(refused.json().message).toBe(message);
      });
    }
  });

  it('refuses an unknown status or a malformed cursor', async () => {
    expect((await admin.get('/api/mail/outbox?status=sent')).statusCode).toBe(400);
    expect((await admin.get('/api/mail/outbox?status=failed&cursor=yesterday')).statusCode).toBe(400);
    expect((await admin.get('/api/mail/outbox?status=failed&limit=0')).statusCode).toBe(400);
  });
});
