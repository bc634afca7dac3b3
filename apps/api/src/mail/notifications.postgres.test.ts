import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { queryRows } from '../db/client.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { TestClient } from '../test/test-app.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { subjectOf } from './mail-test-support.ts';

// Runs only in the api-postgres project: several instances, as separate processes would be, on one PostgreSQL.
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let drop: () => Promise<void>;
let url = '';
let instances: KoboApp[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  const database = await openTestDatabase();
  drop = database.drop;
  await database.handle.close();
  if (!database.url) throw new Error('this file runs in the api-postgres project only');
  url = database.url;
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await drop?.();
  await smtp?.close();
});

const env = () => readEnv({ NODE_ENV: 'test', DATABASE_URL: url, SMTP_URL: smtp.url, APP_URL: 'https://kobo.example', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const HOLDERS = 6;
const april = () => new Date('2026-04-01T08:00:00Z');

describe('notifications with several instances on one PostgreSQL', () => {
  it('send every receipt and statement exactly once, though the app that posted stopped before telling anyone', async () => {
    // 10 March 2026: postings valued in February (and one in March), by an app that then stops.
    const poster = await buildApp({ env: env(), now: () => new Date('2026-03-10T09:00:00Z'), backgroundJobs: false });
    const emails: string[] = [];
    try {
      const { db } = poster.kobo.database;
      await createAccount(db, { name: 'Ada Admin', email: 'ada.admin@kobo.test', password: 'password1', role: 'admin' });
      const admin = new TestClient(poster);
      expect((await admin.post('/api/auth/sign-in', { email: 'ada.admin@kobo.test', password: 'password1' })).statusCode).toBe(200);
      const refs: string[] = [];
      const userIds: string[] = [];
      for (let index = 0; index < HOLDERS; index += 1) {
        const email = `member.${index}@kobo.test`;
        const staff = await admin.post('/api/savings/staff', { email, password: 'secret1', name: `Member ${index}` });
        expect(staff.statusCode, staff.body).toBe(201);
        emails.push(email);
        refs.push(staff.json().staff.staffId);
        userIds.push(staff.json().staff.userId);
        const posted = await admin.post('/api/savings/transactions', { userId: staff.json().staff.userId, type: 'deposit', amount: '100', valueDate: '2026-02-10' });
        expect(posted.statusCode, posted.body).toBe(201);
      }
      const batch = await admin.post('/api/savings/batches', { month: '2026-02', rows: refs.map((ref) => ({ ref, amount: '50' })) });
      expect(batch.statusCode, batch.body).toBe(201);
      const march = await admin.post('/api/savings/transactions', { userId: userIds[0], type: 'deposit', amount: '1', valueDate: '2026-03-02' });
      expect(march.statusCode, march.body).toBe(201);
    } finally {
      await poster.close();
    }
    expect(smtp.received).toEqual([]);

    // Two instances start at once on 1 April: each checks the statements at start-up, and each notifier and outbox polls.
    instances = await Promise.all([buildApp({ env: env(), now: april }), buildApp({ env: env(), now: april })]);
    await Promise.all(instances.map((instance) => instance.ready()));
    // And both drain at once as well, on top of their polls.
    for (let turn = 0; turn < 2; turn += 1) {
      await Promise.all(instances.flatMap((instance) => [instance.kobo.notifier.drain(), instance.kobo.outbox.drain()]));
    }
    await Promise.all(instances.map((instance) => instance.kobo.outbox.drain()));

    const { db } = instances[0]?.kobo.database ?? {};
    if (!db) throw new Error('no instance');
    const runs = await queryRows<{ period: string; result: unknown }>(db, sql`select period, result from scheduled_runs where name = 'monthly-statements' order by period`);
    // Only the statements' run for March: none for February, since the instances came up in April (the daily penalty job keeps its own rows).
    expect(runs).toEqual([{ period: '2026-03', result: { mails: 1, from: '2026-03-01', to: '2026-03-31' } }]);
    expect(await queryRows(db, sql`select id from mail_outbox where sent_at is null`)).toEqual([]);
    expect(await queryRows(db, sql`select id from ledger_notices`)).toEqual([]);

    // Each member: their deposit and their batch row; the first also their March deposit and March's statement.
    const received = smtp.received.map((mail) => `${mail.to.join(',')} ${subjectOf(mail)}`).toSorted();
    const expected = emails.flatMap((email, index) => [
      `${email} Deposit of ₦100.00 on your savings`,
      `${email} Payroll batch contribution (February 2026 contribution) of ₦50.00 on your savings`,
      ...(index === 0 ? [`${email} Deposit of ₦1.00 on your savings`, `${email} Your savings statement for March 2026`] : []),
    ]);
    expect(received).toEqual(expected.toSorted());
  });
});
