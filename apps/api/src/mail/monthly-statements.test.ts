import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows } from '../db/client.ts';
import type { SignedInClient, TestContext } from '../test/test-app.ts';
import { addStaff, post } from '../modules/savings/savings-test-support.ts';
import { APP_URL, mailsTo, openMailContext, readable, subjectOf, type SmtpSink } from './mail-test-support.ts';
import { previousMonth, startMonthlyStatements } from './monthly-statements.ts';

let ctx: TestContext;
let admin: SignedInClient;
let smtp: SmtpSink;
let now = new Date('2026-03-10T09:00:00Z');
openMailContext(
  (opened) => ({ ctx, admin, smtp } = opened),
  () => now,
);

const db = () => ctx.app.kobo.database.db;

async function posted(userId: string, type: 'deposit' | 'withdrawal', amount: string, valueDate: string) {
  const response = await post(admin, { userId, type, amount, valueDate });
  expect(response.statusCode, response.body).toBe(201);
}

async function sheetOf(xlsx: Buffer | undefined): Promise<ExcelJS.Worksheet> {
  if (!xlsx) throw new Error('no attachment');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Statement');
  if (!sheet) throw new Error('no Statement sheet');
  return sheet;
}

describe('the monthly statements', () => {
  it("count last month in the organisation's time zone", () => {
    // 1 March 2026, 00:30 in Lagos, is still 28 February in UTC.
    expect(previousMonth(new Date('2026-02-28T23:30:00Z'), 'Africa/Lagos')).toBe('2026-02');
    expect(previousMonth(new Date('2026-01-01T00:30:00Z'), 'Africa/Lagos')).toBe('2025-12');
  });

  it('run once across two instances, mailing each holder whose savings moved last month their statement as an .xlsx', async () => {
    const ola = await addStaff(admin, { name: 'Ola February', email: 'ola.february@kobo.test' });
    await posted(ola.userId, 'deposit', '1,000', '2026-01-20');
    await posted(ola.userId, 'deposit', '2,500', '2026-02-14');
    await posted(ola.userId, 'withdrawal', '500', '2026-02-20');
    await posted(ola.userId, 'deposit', '100', '2026-03-05');
    const marchOnly = await addStaff(admin, { email: 'march.only@kobo.test' });
    await posted(marchOnly.userId, 'deposit', '100', '2026-03-05');
    const januaryOnly = await addStaff(admin, { email: 'january.only@kobo.test' });
    await posted(januaryOnly.userId, 'deposit', '100', '2026-01-10');
    const quiet = await ctx.signedIn('staff', { email: 'no.statements@kobo.test' });
    expect((await quiet.request('PUT', '/api/account/mail-preferences', { statements: false })).statusCode).toBe(200);
    await posted(quiet.userId, 'deposit', '100', '2026-02-10');

    const options = { db: db(), outbox: { nudge: () => {} }, log: ctx.app.log, now: () => now, timeZone: 'Africa/Lagos', appUrl: APP_URL, hourly: false };
    const one = startMonthlyStatements(options);
    const two = startMonthlyStatements(options);
    const runs = await Promise.all([one.check(), two.check()]);
    expect(runs.toSorted((a, b) => Number(b.ran) - Number(a.ran))).toEqual([
      { period: '2026-02', ran: true, mails: 1 },
      { period: '2026-02', ran: false, mails: 0 },
    ]);
    // Any later check this month, on this app or another, finds February done.
    expect(await ctx.app.kobo.statements.check()).toEqual({ period: '2026-02', ran: false, mails: 0 });
    const done = await queryRows<{ period: string; finished: boolean; result: unknown }>(
      db(),
      sql`select period, finished_at is not null as finished, result from scheduled_runs where name = 'monthly-statements'`,
    );
    expect(done).toEqual([{ period: '2026-02', finished: true, result: { mails: 1, from: '2026-02-01', to: '2026-02-28' } }]);

    await ctx.app.kobo.outbox.drain();
    const statements = smtp.received.filter((mail) => subjectOf(mail).startsWith('Your savings statement'));
    expect(statements.map((mail) => mail.to)).toEqual([['ola.february@kobo.test']]);
    const [mail] = statements;
    expect(subjectOf(mail)).toBe('Your savings statement for February 2026');
    expect(readable(mail)).toContain(
      [
        'Hello Ola February,',
        '',
        'Your savings statement for February 2026 is attached: the opening balance, every posting of the month by value date with the balance after it, and the closing balance.',
        '',
        `Your savings in Kobo: ${APP_URL}/staff-savings`,
        '',
        `You get this email because "Monthly statements" is on in your Kobo settings. To turn it off: ${APP_URL}/user-settings`,
      ].join('\n'),
    );
    expect(mail?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `statement-${ola.staffId}-2026-02-01-to-2026-02-28.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    ]);
    const sheet = await sheetOf(mail?.attachments[0]?.content);
    const cells = (refs: string[]) => refs.map((ref) => sheet.getCell(ref).value);
    expect(cells(['C2', 'G2'])).toEqual(['Opening balance (Ola February)', 1000]);
    expect(cells(['A3', 'B3', 'F3', 'G3'])).toEqual([new Date('2026-02-14T00:00:00.000Z'), 'Deposit', 2500, 3500]);
    expect(cells(['A4', 'B4', 'F4', 'G4'])).toEqual([new Date('2026-02-20T00:00:00.000Z'), 'Withdrawal', -500, 3000]);
    expect(cells(['C5', 'G5'])).toEqual(['Closing balance', 3000]);
    expect(sheet.rowCount).toBe(5);
    one.close();
    two.close();
  });

  it('run on the first check of a month when the server was down on the 1st', async () => {
    // 17 April: the server's first check since March ended.
    now = new Date('2026-04-17T09:00:00Z');
    const run = await ctx.app.kobo.statements.check();
    expect(run).toEqual({ period: '2026-03', ran: true, mails: 2 });
    await ctx.app.kobo.outbox.drain();
    expect(mailsTo(smtp, 'march.only@kobo.test').map(subjectOf)).toEqual(['Your savings statement for March 2026']);
    expect(mailsTo(smtp, 'ola.february@kobo.test').map(subjectOf)).toEqual(['Your savings statement for February 2026', 'Your savings statement for March 2026']);
    expect(mailsTo(smtp, 'january.only@kobo.test')).toEqual([]);
    const march = await sheetOf(mailsTo(smtp, 'march.only@kobo.test')[0]?.attachments[0]?.content);
    expect([march.getCell('B3').value, march.getCell('F3').value, march.getCell('G4').value]).toEqual(['Deposit', 100, 100]);
    expect(await ctx.app.kobo.statements.check()).toEqual({ period: '2026-03', ran: false, mails: 0 });
  });
});
