import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailDelivery } from '@kobo/core';

/** A file sent with a mail (a month's statement); made when the mail is sent, never stored. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type MailMessage = { to: string; subject: string; text: string; attachments?: MailAttachment[] };
export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** 'sending' with a mail server (SMTP_URL); 'kept' when mail is only written to the outbox folder. */
  delivery: MailDelivery;
  /** How many mails the outbox folder holds: written there, never sent (docs/decisions/037). */
  countKept: () => Promise<number>;
};

/**
 * With SMTP_URL, mail goes to that server. Without it, each message is written as a file to the
 * outbox folder and the log says where, so password reset works on a laptop. The log line names
 * the file but never holds the body: a reset link is a secret.
 *
 * A mail written to the folder has not left: `delivery` says so, for the answers that would
 * otherwise say "sent" (docs/decisions/037-mail-without-a-server.md).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  // Files kept from before a mail server was set still count: they were never sent either.
  const countKept = () => countEmlFiles(outboxDir);
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      delivery: 'sending',
      countKept,
      send: async (message) => {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments: message.attachments ?? [] });
      },
    };
  }
  // A mail with an attachment needs MIME to be a correct .eml: nodemailer builds it, as it would for SMTP.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const emlOf = async (message: MailMessage): Promise<string | Buffer> => {
    // Plain mail stays plain text, so a reset link can be read (and copied) straight from the file.
    if (!message.attachments?.length) return [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, ''].join('\n');
    const built = await composer.sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments: message.attachments });
    return built.message as Buffer;
  };
  return {
    delivery: 'kept',
    countKept,
    send: async (message) => {
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.eml`);
      await writeFile(file, await emlOf(message), { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'no SMTP_URL set: mail written to the outbox');
    },
  };
}

async function countEmlFiles(directory: string): Promise<number> {
  try {
    return (await readdir(directory)).filter((name) => name.endsWith('.eml')).length;
  } catch (error) {
    // No folder yet: nothing was ever written to it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
