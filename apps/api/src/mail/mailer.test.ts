import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { attachmentsOf } from '../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';

const outboxDir = mkdtempSync(join(tmpdir(), 'kobo-mailer-'));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

const mailer = createMailer({ smtpUrl: undefined, from: 'Kobo <no-reply@kobo.local>', outboxDir, log: Fastify({ logger: false }).log });
const written = () => readdirSync(outboxDir).map((file) => readFileSync(join(outboxDir, file), 'utf8'));

describe('mail without SMTP_URL', () => {
  it('is written as a MIME .eml when it carries an attachment, the file inside intact', async () => {
    const content = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x7f]);
    await mailer.send({
      to: 'ada@kobo.test',
      subject: 'Your savings statement for February 2026',
      text: 'Your statement is attached.',
      attachments: [{ filename: 'statement-STF001-2026-02-01-to-2026-02-28.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content }],
    });
    const [eml = ''] = written();
    expect(eml).toContain('To: ada@kobo.test');
    expect(eml).toContain('Subject: Your savings statement for February 2026');
    expect(eml).toMatch(/Content-Type: multipart\/mixed; boundary=/);
    expect(eml).toContain('Your statement is attached.');
    expect(attachmentsOf(eml)).toEqual([
      { filename: 'statement-STF001-2026-02-01-to-2026-02-28.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content },
    ]);
  });

  it('stays plain text without one, so a link in it reads as written', async () => {
    rmSync(outboxDir, { recursive: true, force: true });
    await mailer.send({ to: 'bola@kobo.test', subject: 'Reset your Kobo password', text: 'Open https://kobo.example/reset-password?token=a=b' });
    expect(written()).toEqual(['From: Kobo <no-reply@kobo.local>\nTo: bola@kobo.test\nSubject: Reset your Kobo password\n\nOpen https://kobo.example/reset-password?token=a=b\n']);
  });

  it('says its mail is kept, not sent, and counts the mails its folder keeps', async () => {
    rmSync(outboxDir, { recursive: true, force: true });
    expect(mailer.delivery).toBe('kept');
    expect(await mailer.countKept()).toBe(0);
    await mailer.send({ to: 'chi@kobo.test', subject: 'You are invited to Kobo', text: 'Open https://kobo.example/invitation/abc' });
    await mailer.send({ to: 'dayo@kobo.test', subject: 'You are invited to Kobo', text: 'Open https://kobo.example/invitation/def' });
    expect(await mailer.countKept()).toBe(2);
  });
});

describe('mail with SMTP_URL', () => {
  it('says its mail is on its way', () => {
    const smtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'Kobo <no-reply@kobo.local>', outboxDir, log: Fastify({ logger: false }).log });
    expect(smtp.delivery).toBe('sending');
  });
});
