import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { queryRows } from '../db/client.ts';
import type { SignedInClient, TestContext } from '../test/test-app.ts';
import type { ReceivedMail } from '../test/smtp-sink.ts';
import { addStaff, deposit, post, reverse, setApprovalSettings, transfer } from '../modules/savings/savings-test-support.ts';
import { startLedgerNotifier } from './ledger-notifier.ts';
import { APP_URL, deliver, mailsTo, openMailContext, readable, subjectOf, waitingNotices, type SmtpSink } from './mail-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let smtp: SmtpSink;
// Postings are typed on 10 March 2026 (Lagos): that is the value date unless one is given.
openMailContext(
  (opened) => ({ ctx, admin, smtp } = opened),
  () => new Date('2026-03-10T09:00:00Z'),
);

const db = () => ctx.app.kobo.database.db;

/** The mails, one per subject in this order; fails unless exactly these subjects arrived, once each. */
function bySubject(mails: ReceivedMail[], subjects: string[]): ReceivedMail[] {
  expect(mails.map(subjectOf).toSorted()).toEqual(subjects.toSorted());
  return subjects.map((subject) => mails.find((mail) => subjectOf(mail) === subject) as ReceivedMail);
}
const footer = `You get this email because "Savings receipts" is on in your Kobo settings. To turn it off: ${APP_URL}/user-settings`;

describe("a holder's receipt", () => {
  it('tells each posting with its amount, value date, the balance it left and who posted it, once the notifier runs', async () => {
    const chidi = await addStaff(admin, { name: 'Chidi Okafor', email: 'chidi.okafor@kobo.test' });
    await deposit(admin, chidi.userId, '5,000');
    const second = await post(admin, { userId: chidi.userId, type: 'deposit', amount: '2,500.50', valueDate: '2026-03-02', description: 'March savings' });
    expect(second.statusCode, second.body).toBe(201);
    const withdrawal = await post(admin, { userId: chidi.userId, type: 'withdrawal', amount: '1,000' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    // Nothing is sent inside a posting: the notices wait for the notifier.
    expect(mailsTo(smtp, 'chidi.okafor@kobo.test')).toEqual([]);
    expect(await waitingNotices(ctx)).toBe(3);

    await deliver(ctx);
    // Mail queued together may arrive in any order: each is found by its subject.
    const mails = bySubject(mailsTo(smtp, 'chidi.okafor@kobo.test'), [
      'Deposit of ₦5,000.00 on your savings',
      'Deposit of ₦2,500.50 on your savings',
      'Withdrawal of ₦1,000.00 on your savings',
    ]);
    // Each balance is the one that posting left, though all three were read together afterwards.
    expect(readable(mails[1])).toContain(
      [
        'Hello Chidi Okafor,',
        '',
        '₦2,500.50 went into your savings account.',
        '',
        'What: Deposit',
        'Amount: ₦2,500.50 in',
        'Value date: 2 Mar 2026',
        'New balance: ₦7,500.50',
        `Posted by: Test admin (${admin.email})`,
        'Description: March savings',
        '',
        `Your savings in Kobo: ${APP_URL}/staff-savings`,
        '',
        footer,
      ].join('\n'),
    );
    expect(readable(mails[0])).toContain('New balance: ₦5,000.00\n');
    expect(readable(mails[2])).toContain(
      ['₦1,000.00 went out of your savings account.', '', 'What: Withdrawal', 'Amount: ₦1,000.00 out', 'Value date: 10 Mar 2026', 'New balance: ₦6,500.50'].join('\n'),
    );
    expect(await waitingNotices(ctx)).toBe(0);

    // Delivered once: running both again sends nothing more.
    await deliver(ctx);
    expect(mailsTo(smtp, 'chidi.okafor@kobo.test')).toHaveLength(3);
  });

  it('goes out once the mail server is back, while the deposit committed with the server down', async () => {
    const ngozi = await addStaff(admin, { name: 'Ngozi Eze', email: 'ngozi.eze@kobo.test' });
    smtp.refuse(true);
    try {
      const posted = await post(admin, { userId: ngozi.userId, type: 'deposit', amount: '300' });
      expect(posted.statusCode, posted.body).toBe(201);
      await deliver(ctx);
      expect(mailsTo(smtp, 'ngozi.eze@kobo.test')).toEqual([]);
      const [queued] = await queryRows<{ attempts: number; last_error: string; sent_at: Date | null }>(
        db(),
        sql`select attempts, last_error, sent_at from mail_outbox where to_email = 'ngozi.eze@kobo.test'`,
      );
      expect(queued).toMatchObject({ attempts: 1, sent_at: null });
      expect(queued?.last_error).toContain('451');
    } finally {
      smtp.refuse(false);
    }
    expect((await admin.get(`/api/savings/accounts/${ngozi.userId}`)).json().account.balanceKobo).toBe(30_000);

    // The retry is due after its backoff (30 s); the test does not wait for it.
    await db().execute(sql`update mail_outbox set next_attempt_at = now() where to_email = 'ngozi.eze@kobo.test'`);
    await deliver(ctx);
    await deliver(ctx);
    const mails = mailsTo(smtp, 'ngozi.eze@kobo.test');
    expect(mails.map(subjectOf)).toEqual(['Deposit of ₦300.00 on your savings']);
    expect(readable(mails[0])).toContain('New balance: ₦300.00\n');
  });

  it('tells both holders of a transfer, each from their own side', async () => {
    const amaka = await addStaff(admin, { name: 'Amaka Obi', email: 'amaka.obi@kobo.test' });
    const tunde = await addStaff(admin, { name: 'Tunde Bello', email: 'tunde.bello@kobo.test' });
    await deposit(admin, amaka.userId, '10,000');
    await deposit(admin, tunde.userId, '1,000');
    const moved = await transfer(admin, { fromUserId: amaka.userId, toUserId: tunde.userId, amount: '2,750.25', description: 'Rent share' });
    expect(moved.statusCode, moved.body).toBe(201);
    await deliver(ctx);

    const [, toAmaka] = bySubject(mailsTo(smtp, 'amaka.obi@kobo.test'), ['Deposit of ₦10,000.00 on your savings', 'Transfer out to Tunde Bello of ₦2,750.25 on your savings']);
    expect(readable(toAmaka)).toContain(
      ['What: Transfer out to Tunde Bello', 'Amount: ₦2,750.25 out', 'Value date: 10 Mar 2026', 'New balance: ₦7,249.75', `Posted by: Test admin (${admin.email})`, 'Description: Rent share'].join('\n'),
    );
    const [, toTunde] = bySubject(mailsTo(smtp, 'tunde.bello@kobo.test'), ['Deposit of ₦1,000.00 on your savings', 'Transfer in from Amaka Obi of ₦2,750.25 on your savings']);
    expect(readable(toTunde)).toContain(['What: Transfer in from Amaka Obi', 'Amount: ₦2,750.25 in', 'Value date: 10 Mar 2026', 'New balance: ₦3,750.25'].join('\n'));
  });

  it("tells each member of a payroll batch of their own row", async () => {
    const emeka = await addStaff(admin, { name: 'Emeka Nwosu', email: 'emeka.nwosu@kobo.test' });
    const funmi = await addStaff(admin, { name: 'Funmi Ade', email: 'funmi.ade@kobo.test' });
    const batch = await admin.post('/api/savings/batches', {
      month: '2026-02',
      rows: [
        { ref: emeka.staffId, amount: '15,000' },
        { ref: funmi.staffId, amount: '20,000.05' },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(201);
    // The run wrote one notice for its rows (migration 0039); the notifier makes it one per row.
    expect(await queryRows(db(), sql`select ledger, from_seq < to_seq as ranged from ledger_notices`)).toEqual([{ ledger: 'savings_batch', ranged: true }]);
    await deliver(ctx);
    expect(await waitingNotices(ctx)).toBe(0);
    expect(mailsTo(smtp, 'emeka.nwosu@kobo.test')).toHaveLength(1);
    expect(mailsTo(smtp, 'funmi.ade@kobo.test')).toHaveLength(1);

    // February 2026's payday is Friday the 27th.
    expect(readable(mailsTo(smtp, 'emeka.nwosu@kobo.test')[0])).toContain(
      ['What: Payroll batch contribution (February 2026 contribution)', 'Amount: ₦15,000.00 in', 'Value date: 27 Feb 2026', 'New balance: ₦15,000.00'].join('\n'),
    );
    expect(readable(mailsTo(smtp, 'funmi.ade@kobo.test')[0])).toContain(
      ['What: Payroll batch contribution (February 2026 contribution)', 'Amount: ₦20,000.05 in', 'Value date: 27 Feb 2026', 'New balance: ₦20,000.05'].join('\n'),
    );
  });

  it('tells of a reversal: what it undid, why, and the balance after it', async () => {
    const bisi = await addStaff(admin, { name: 'Bisi Lawal', email: 'bisi.lawal@kobo.test' });
    await deposit(admin, bisi.userId, '4,000');
    const typedTwice = await post(admin, { userId: bisi.userId, type: 'deposit', amount: '1,500', valueDate: '2026-03-09' });
    const undone = await reverse(admin, typedTwice.json().transaction.id, { reason: 'Typed twice' });
    expect(undone.statusCode, undone.body).toBe(201);
    await deliver(ctx);

    const [, , reversal] = bySubject(mailsTo(smtp, 'bisi.lawal@kobo.test'), [
      'Deposit of ₦4,000.00 on your savings',
      'Deposit of ₦1,500.00 on your savings',
      'A posting of ₦1,500.00 on your savings was reversed',
    ]);
    expect(readable(reversal)).toContain(
      [
        '₦1,500.00 went out of your savings account.',
        '',
        'What: Reversal of the deposit of ₦1,500.00 valued 9 Mar 2026',
        'Reason: Typed twice',
        'Amount: ₦1,500.00 out',
        'Value date: 10 Mar 2026',
        'New balance: ₦4,000.00',
        `Posted by: Test admin (${admin.email})`,
        '',
      ].join('\n'),
    );
  });

  it("says 'you' to a regular user who posted on their own savings", async () => {
    // The old behaviour, where a member's own deposit moves money at once (issue 15's setting).
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    const member = await ctx.signedIn('user', { email: 'own.poster@kobo.test' });
    const own = await post(member, { type: 'deposit', amount: '50' });
    expect(own.statusCode, own.body).toBe(201);
    await deliver(ctx);
    expect(readable(mailsTo(smtp, 'own.poster@kobo.test')[0])).toContain(
      ['New balance: ₦50.00', 'Posted by: you', '', `Your savings in Kobo: ${APP_URL}/savings`].join('\n'),
    );
  });

  it('is not sent to a holder who turned receipts off, nor to one whose user record was deleted', async () => {
    const quiet = await ctx.signedIn('staff', { email: 'quiet.holder@kobo.test' });
    const off = await quiet.request('PUT', '/api/account/mail-preferences', { postings: false });
    expect(off.statusCode, off.body).toBe(200);
    await deposit(admin, quiet.userId, '100');
    const gone = await addStaff(admin, { email: 'gone.holder@kobo.test' });
    await deposit(admin, gone.userId, '100');
    await post(admin, { userId: gone.userId, type: 'withdrawal', amount: '100' });
    expect((await admin.request('DELETE', `/api/users/${gone.userId}`)).statusCode).toBe(200);

    await deliver(ctx);
    expect(mailsTo(smtp, 'quiet.holder@kobo.test')).toEqual([]);
    expect(mailsTo(smtp, 'gone.holder@kobo.test')).toEqual([]);
    // Their notices were handled (and are gone), not left to be tried again.
    expect(await waitingNotices(ctx)).toBe(0);
  });
});

describe('the notifier', () => {
  it('turns each notice into one mail when two of them drain at the same moment', async () => {
    const holders = await Promise.all(Array.from({ length: 6 }, (_, index) => addStaff(admin, { email: `pair.${index}@kobo.test` })));
    for (const holder of holders) {
      await deposit(admin, holder.userId, '10');
      await deposit(admin, holder.userId, '20');
    }
    const quiet = { nudge: () => {} };
    const one = startLedgerNotifier({ db: db(), outbox: quiet, log: ctx.app.log, appUrl: APP_URL, pollMs: null });
    const two = startLedgerNotifier({ db: db(), outbox: quiet, log: ctx.app.log, appUrl: APP_URL, pollMs: null });
    const handled = await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    expect(handled[0] + handled[1]).toBe(12);
    const queued = await queryRows<{ to_email: string; count: number }>(
      db(),
      sql`select to_email, count(*)::int as count from mail_outbox where to_email like 'pair.%' group by to_email order by to_email`,
    );
    expect(queued).toEqual(holders.map((_, index) => ({ to_email: `pair.${index}@kobo.test`, count: 2 })));
    await Promise.all([one.close(), two.close()]);
  });

  it("loses no mail when the app stops before its notifier ran: the next app on the database sends it, once", async () => {
    const kept = await addStaff(admin, { name: 'Kemi Kept', email: 'kemi.kept@kobo.test' });
    await deposit(admin, kept.userId, '750');
    // A second app on the same database takes the notice and closes without sending (a process that stops).
    const env = readEnv({ NODE_ENV: 'test', SMTP_URL: smtp.url, APP_URL, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: '/nonexistent' });
    const stopped = await buildApp({ env, database: ctx.app.kobo.database, backgroundJobs: false, logger: false });
    await stopped.close();
    expect(await waitingNotices(ctx)).toBe(1);
    const next = await buildApp({ env, database: ctx.app.kobo.database, backgroundJobs: false, logger: false });
    try {
      await next.kobo.notifier.drain();
      await next.kobo.outbox.drain();
      await next.kobo.notifier.drain();
      await next.kobo.outbox.drain();
    } finally {
      await next.close();
    }
    expect(mailsTo(smtp, 'kemi.kept@kobo.test').map(subjectOf)).toEqual(['Deposit of ₦750.00 on your savings']);
  });
});
