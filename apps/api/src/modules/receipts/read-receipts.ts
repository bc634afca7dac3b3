import { asc, eq, sql } from 'drizzle-orm';
import { AppError, isUuid, type ReceiptView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { expenseReceipts } from '../../db/schema.ts';
import { expenseConditions, expenseScopeOf } from '../expense-scope/expense-scope.ts';
import { toReceiptView } from './receipt-view.ts';

export type ReceiptFile = { fileName: string; contentType: string; bytes: Buffer };

/**
 * A receipt's bytes (or its thumbnail's), for whoever may see its expense (expense-scope: users
 * their own, admins and managers everyone's); an upload not yet saved with an expense, only for
 * its uploader. Anyone else gets 404, as for a receipt that does not exist.
 */
export async function readReceiptFile(db: Database, actor: Actor, id: string, part: 'content' | 'thumbnail'): Promise<ReceiptFile> {
  const scope = expenseScopeOf(actor);
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const column = part === 'content' ? sql`r.content` : sql`r.thumbnail`;
  // As base64 text: PGlite decodes a bytea column byte by byte (2 s for 10 MB), encode() in 0.3 s.
  const [row] = await queryRows<{ file_name: string; content_type: string; bytes: string | null }>(
    db,
    sql`select r.file_name, r.content_type, encode(${column}, 'base64') as bytes
        from expense_receipts r left join expenses e on e.id = r.expense_id
        where r.id = ${id}
          and ((r.expense_id is null and r.uploaded_by = ${actor.id}) or (e.id is not null and ${expenseConditions(scope)}))`,
  );
  if (!row?.bytes) throw new AppError('NOT_FOUND');
  const isThumbnail = part === 'thumbnail';
  return {
    fileName: isThumbnail ? `thumbnail-${row.file_name.replace(/\.[^.]*$/, '')}.jpg` : row.file_name,
    contentType: isThumbnail ? 'image/jpeg' : row.content_type,
    // PostgreSQL breaks base64 into lines of 76; Buffer skips the line ends.
    bytes: Buffer.from(row.bytes, 'base64'),
  };
}

/** The receipts on one expense, oldest first, without their bytes. The caller has already seen the expense. */
export async function listExpenseReceipts(db: Database | Transaction, expenseId: string): Promise<ReceiptView[]> {
  const rows = await db
    .select({
      id: expenseReceipts.id,
      fileName: expenseReceipts.fileName,
      contentType: expenseReceipts.contentType,
      sizeBytes: expenseReceipts.sizeBytes,
      hasThumbnail: sql<boolean>`${expenseReceipts.thumbnail} is not null`,
    })
    .from(expenseReceipts)
    .where(eq(expenseReceipts.expenseId, expenseId))
    .orderBy(asc(expenseReceipts.createdAt), asc(expenseReceipts.id));
  return rows.map(toReceiptView);
}
