import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * With SMTP_URL, mail goes to that server. Without it, each message is written as a file to the
 * outbox folder and the log says where, so password reset works on a laptop. The log line names
 * the file but never holds the body: a reset link is a secret.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      },
    };
  }
  return {
    send: async (message) => {
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.eml`);
      const eml = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, ''].join('\n');
      await writeFile(file, eml, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'no SMTP_URL set: mail written to the outbox');
    },
  };
}
