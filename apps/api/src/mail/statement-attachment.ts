import { PassThrough } from 'node:stream';
import { isIsoDate } from '@kobo/core';
import type { Database } from '../db/client.ts';
import { statementOf } from '../modules/savings/statement.ts';
import { statementFileName, writeStatementWorkbook } from '../modules/savings/statement-workbook.ts';
import type { MailAttachment } from './mailer.ts';
import type { AttachmentSpec } from './outbox.ts';

export const STATEMENT_ATTACHMENT = 'savings-statement';

/** What a monthly statement mail stores: whose statement, for which days; the sheet is made when sent. */
export function statementAttachmentSpec(userId: string, from: string, to: string): AttachmentSpec {
  return { kind: STATEMENT_ATTACHMENT, userId, from, to };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The holder's statement .xlsx, the same workbook they download from their savings page. */
export function renderStatementAttachment(deps: { db: Database; timeZone: string }) {
  return async (spec: AttachmentSpec): Promise<MailAttachment> => {
    const { userId, from, to } = spec;
    if (typeof userId !== 'string' || typeof from !== 'string' || typeof to !== 'string' || !isIsoDate(from) || !isIsoDate(to)) {
      throw new Error('a statement attachment needs a userId and from/to days');
    }
    const statement = await statementOf(deps, userId, { from, to });
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeStatementWorkbook(statement, deps.timeZone, output);
    return { filename: statementFileName(statement), contentType: XLSX, content: Buffer.concat(chunks) };
  };
}
