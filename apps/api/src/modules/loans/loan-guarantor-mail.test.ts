import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { enqueueMail, MAX_MAIL_ATTEMPTS, retryDelaySeconds, startOutbox } from '../../mail/outbox.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let productId = '';

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'https://kobo.example' });
  admin = await ctx.signedIn('admin');
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '2' };
  productId = (await admin.post('/api/loan-products', { ...rules, name: 'Mailed Loan' })).json().product.id;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.app.kobo.database.db;
/** A mailer as one with a mail server is, for outboxes whose sending a test replaces. */
const smtpMailer = { delivery: 'sending' as const, countKept: async () => 0 };
const outboxRows = () => queryRows<{ to_email: string; sent_at: Date | null; attempts: number; last_error: string | null; failed_at: Date | null }>(db(), sql`select * from mail_outbox order by created_at`);

describe("a guarantor's email", () => {
  it('is queued with the application and sent over SMTP once it commits, saying who asks, for how much, and where to answer', async () => {
    const borrower = await addStaff(admin, { name: 'Ada Borrower' });
    await deposit(admin, borrower.userId, '100,000');
    const bola = await addStaff(admin, { name: 'Bola Guarantor', email: 'bola.guarantor@kobo.test' });
    const chi = await ctx.signedIn('user', { email: 'chi.guarantor@kobo.test' });
    await deposit(admin, bola.userId, '1,000');
    await deposit(admin, chi.userId, '1,000');
    const applied = await admin.post('/api/loans', { productId, amount: '100,000.01', months: '10', purpose: 'Rent', userId: borrower.userId, guarantors: [bola.userId, chi.userId] });
    expect(applied.statusCode, applied.body).toBe(201);
    // A mail server is set: the requests leave by mail, and the answer hands over no links (issue 26).
    expect(applied.json().mail).toEqual({ delivery: 'sending', links: [] });
    await ctx.app.kobo.outbox.drain();

    const toBola = smtp.received.find((mail) => mail.to.includes('bola.guarantor@kobo.test'));
    expect(toBola?.raw).toContain('Subject: Ada Borrower asks you to guarantee a loan');
    expect(toBola?.text).toContain(
      `Ada Borrower (${borrower.staffId}) has applied for a loan of ₦100,000.01 (Mailed Loan, over 10 months) and named you as a guarantor for ₦50,000.00.`,
    );
    expect(toBola?.text).toContain('https://kobo.example/staff-savings');
    // The regular user answers on /savings; the odd kobo is the last guarantor's.
    const toChi = smtp.received.find((mail) => mail.to.includes('chi.guarantor@kobo.test'));
    expect(toChi?.text).toContain('named you as a guarantor for ₦50,000.01.');
    expect(toChi?.text).toContain('https://kobo.example/savings');
    expect((await outboxRows()).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
  });

  it('is not queued when the application is refused', async () => {
    const borrower = await addStaff(admin);
    await deposit(admin, borrower.userId, '100,000');
    const guarantor = await addStaff(admin);
    await expectNoRowsWritten(db(), async () => {
      const refused = await admin.post('/api/loans', { productId, amount: '1,000', months: '10', purpose: 'Rent', userId: borrower.userId, guarantors: [guarantor.userId] });
      expect(refused.statusCode).toBe(400);
    });
  });
});

describe('the outbox', () => {
  it('keeps a mail the server refused, to try again later with backoff, and gives up after the last try', async () => {
    const dead = startOutbox({ db: db(), mailer: { ...smtpMailer, send: async () => Promise.reject(new Error('connection refused')) }, log: ctx.app.log, pollMs: 3_600_000 });
    await db().transaction((tx) => enqueueMail(tx, 'test', { to: 'nobody@kobo.test', subject: 'Hello', text: 'Body' }));
    expect(await dead.drain()).toBe(0);
    const [row] = await queryRows<{ attempts: number; last_error: string; failed_at: Date | null; wait: number }>(
      db(),
      sql`select attempts, last_error, failed_at, extract(epoch from next_attempt_at - now())::int as wait from mail_outbox where to_email = 'nobody@kobo.test'`,
    );
    expect(row).toMatchObject({ attempts: 1, last_error: 'connection refused', failed_at: null });
    expect(row?.wait).toBeGreaterThan(20);
    expect(row?.wait).toBeLessThanOrEqual(30);
    // Its last try: due now, with every try but one used.
    await db().execute(sql`update mail_outbox set attempts = ${MAX_MAIL_ATTEMPTS - 1}, next_attempt_at = now() where to_email = 'nobody@kobo.test'`);
    await dead.drain();
    const [last] = await queryRows<{ failed_at: Date | null }>(db(), sql`select failed_at from mail_outbox where to_email = 'nobody@kobo.test'`);
    expect(last?.failed_at).not.toBeNull();
    await dead.close();
  });

  it('waits 30 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it('sends each mail once when two workers drain at the same moment', async () => {
    const sent: MailMessage[] = [];
    const recorder = { ...smtpMailer, send: async (message: MailMessage) => void sent.push(message) };
    await db().transaction(async (tx) => {
      for (let index = 0; index < 30; index += 1) await enqueueMail(tx, 'test', { to: `pair${index}@kobo.test`, subject: 'Hi', text: 'Body' });
    });
    const one = startOutbox({ db: db(), mailer: recorder, log: ctx.app.log, pollMs: 3_600_000 });
    const two = startOutbox({ db: db(), mailer: recorder, log: ctx.app.log, pollMs: 3_600_000 });
    await Promise.all([one.drain(), two.drain()]);
    const pairs = sent.filter((message) => message.to.startsWith('pair')).map((message) => message.to);
    expect(pairs.toSorted()).toEqual(Array.from({ length: 30 }, (_, index) => `pair${index}@kobo.test`).toSorted());
    await Promise.all([one.close(), two.close()]);
  });
});
