import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams an .xlsx as a download. Whatever the workbook needs is read before this is called, so a
 * refusal is still a JSON answer. A failure while writing is logged and ends the stream with the
 * error: the headers are gone by then, so the download ends broken rather than looking complete.
 */
export function sendWorkbook(reply: FastifyReply, fileName: string, write: (output: Writable) => Promise<void>) {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    reply.log.error({ err: error, fileName }, 'a spreadsheet failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
