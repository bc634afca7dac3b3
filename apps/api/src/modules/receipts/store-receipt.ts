import { and, isNull, lt, sql } from 'drizzle-orm';
import type { ReceiptView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { expenseReceipts } from '../../db/schema.ts';
import { expenseScopeOf } from '../expense-scope/expense-scope.ts';
import type { ReceiptDeps } from './receipt-deps.ts';
import { extensionOf, receiptFileName } from './receipt-file-name.ts';
import { prepareReceipt } from './receipt-file.ts';
import { toReceiptView, type ReceiptMetadataRow } from './receipt-view.ts';

/** An upload not saved with an expense within a day was abandoned (a closed tab, a cancelled form). */
const UNCLAIMED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps an uploaded receipt, held by its uploader (expense_id null) until an expense is saved with
 * it (claim-receipts.ts): the "receipt required" rule is then checked in the expense's own
 * transaction. Each upload also removes abandoned ones, so no timer is needed.
 */
export async function storeReceipt(deps: ReceiptDeps, actor: Actor, file: { fileName: string | undefined; bytes: Buffer }): Promise<ReceiptView> {
  expenseScopeOf(actor);
  const prepared = await prepareReceipt(file.bytes);
  const fileName = receiptFileName(file.fileName, extensionOf(prepared.contentType));
  const [row] = await deps.db.transaction(async (tx) => {
    const staleBefore = new Date(deps.now().getTime() - UNCLAIMED_FOR_MS);
    await tx.delete(expenseReceipts).where(and(isNull(expenseReceipts.expenseId), lt(expenseReceipts.createdAt, staleBefore)));
    // The bytes travel as hex text: PGlite encodes a bytea parameter byte by byte (10 MB took 10 s),
    // while decode() takes the text in about one (node-postgres sends bytea as hex text anyway).
    return queryRows<ReceiptMetadataRow>(
      tx,
      sql`insert into expense_receipts (uploaded_by, file_name, content_type, size_bytes, content, thumbnail, created_at)
          values (${actor.id}, ${fileName}, ${prepared.contentType}, ${prepared.content.length}, decode(${prepared.content.toString('hex')}, 'hex'),
                  ${prepared.thumbnail ? sql`decode(${prepared.thumbnail.toString('hex')}, 'hex')` : sql`null`}, ${deps.now().toISOString()}::timestamptz)
          returning id, file_name as "fileName", content_type as "contentType", size_bytes as "sizeBytes", thumbnail is not null as "hasThumbnail"`,
    );
  });
  if (!row) throw new Error('insert returned no receipt');
  return toReceiptView(row);
}
