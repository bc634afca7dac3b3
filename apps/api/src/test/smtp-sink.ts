import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** A real SMTP server on loopback that keeps what it receives: the far end of a real exchange. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
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
