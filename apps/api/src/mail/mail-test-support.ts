import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../test/test-app.ts';
import { startSmtpSink, type ReceivedMail } from '../test/smtp-sink.ts';
import { expectNoLedgerDrift } from '../modules/savings/savings-test-support.ts';

export const APP_URL = 'https://kobo.example';
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
export type MailContext = { ctx: TestContext; admin: SignedInClient; smtp: SmtpSink };

/**
 * A file's app with mail going to a real SMTP server on loopback, its admin, and the sink; the
 * ledger is checked for drift afterwards. The app's notifier runs only when a test delivers.
 */
export function openMailContext(receive: (opened: MailContext) => void, now?: () => Date) {
  let opened: MailContext | undefined;
  beforeAll(async () => {
    const smtp = await startSmtpSink();
    const ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL }, now);
    opened = { ctx, smtp, admin: await ctx.signedIn('admin') };
    receive(opened);
  });
  afterAll(async () => {
    if (opened) await expectNoLedgerDrift(opened.ctx);
    await opened?.ctx.close();
    await opened?.smtp.close();
  });
}

/** What the background jobs would do within seconds: notices become mail, and the outbox sends it. */
export async function deliver(ctx: TestContext): Promise<void> {
  await ctx.app.kobo.notifier.drain();
  await ctx.app.kobo.outbox.drain();
}

export function mailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(email));
}

/** The decoded mail with SMTP's CRLF line ends as plain newlines, for comparing with text written here. */
export function readable(mail: ReceivedMail | undefined): string {
  return (mail?.text ?? '').replaceAll('\r\n', '\n');
}

/** The Subject header, unfolded, with its RFC 2047 encoded words (₦ is not ASCII) decoded. */
export function subjectOf(mail: ReceivedMail | undefined): string {
  const header = /^Subject: (.*)$/m.exec((mail?.raw ?? '').replaceAll(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
  return header
    .replaceAll(/\?=\s+=\?/g, '?==?')
    .replaceAll(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeURIComponent(text.replaceAll('_', ' ').replaceAll(/=([0-9a-f]{2})/gi, '%$1')),
    );
}

export async function waitingNotices(ctx: TestContext): Promise<number> {
  const [row] = await queryRows<{ count: number }>(ctx.app.kobo.database.db, sql`select count(*)::int as count from ledger_notices`);
  return row?.count ?? 0;
}
