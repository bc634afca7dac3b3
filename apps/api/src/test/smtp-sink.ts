import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };
export type ReceivedMail = { to: string[]; raw: string; text: string; attachments: ReceivedAttachment[] };

/**
 * A real SMTP server on loopback that keeps what it receives: the far end of a real exchange.
 * `refuse(true)` makes it answer every mail with 451 (a server that is down for now), until
 * `refuse(false)`.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusing) return callback(Object.assign(new Error('Mail service not available, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeQuotedPrintable(raw), attachments: attachmentsOf(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on: boolean) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Soft line breaks joined and =XX escapes turned back into bytes, read as UTF-8 (₦ is three of them). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const escaped = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3));
    if (escaped) {
      bytes.push(Number.parseInt(escaped[1] as string, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The base64 parts a mail carries as attachments (nodemailer's multipart/mixed), decoded: enough
 * MIME for the mail Kobo sends, no more.
 */
export function attachmentsOf(raw: string): ReceivedAttachment[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw.split(`--${boundary}`).flatMap((part) => {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!filename || !/content-transfer-encoding:\s*base64/i.test(head)) return [];
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    return [{ filename, contentType, content: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') }];
  });
}
