import { sql } from 'drizzle-orm';
import { AppError, isReceiptRequired, receiptRequiredMessage } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { readReceiptSettings } from './receipt-settings.ts';

/**
 * Inside the expense's own transaction (create or edit), after its row is written: attaches the
 * receipts named, removes the ones left out on an edit (the list sent replaces the set; no list
 * leaves them as they are), then applies the admin's "receipt required above" rule to what the
 * expense holds. Any refusal throws, and the transaction writes nothing.
 *
 * Attachable: the caller's own uploads not yet on an expense, or (on an edit) receipts already on
 * this expense. Someone else's upload, or a receipt on another expense, is refused the same way as
 * one that does not exist.
 */
export async function attachReceipts(tx: Transaction, actor: Actor, expenseId: string, change: { receiptIds?: string[]; amountKobo: number }): Promise<void> {
  const { receiptIds } = change;
  if (receiptIds !== undefined) {
    if (receiptIds.length > 0) {
      const claimed = await queryRows<{ id: string }>(
        tx,
        sql`update expense_receipts set expense_id = ${expenseId}
            where id in (${sql.join(receiptIds.map((id) => sql`${id}::uuid`), sql`, `)})
              and (expense_id = ${expenseId} or (expense_id is null and uploaded_by = ${actor.id}))
            returning id`,
      );
      if (claimed.length !== receiptIds.length) throw new AppError('RECEIPT_NOT_ATTACHABLE', { field: 'receiptIds' });
    }
    const kept = receiptIds.length > 0 ? sql`and id not in (${sql.join(receiptIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
    await tx.execute(sql`delete from expense_receipts where expense_id = ${expenseId} ${kept}`);
  }
  const { requiredAboveKobo } = await readReceiptSettings(tx);
  if (!isReceiptRequired(change.amountKobo, requiredAboveKobo) || requiredAboveKobo === null) return;
  const [held] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from expense_receipts where expense_id = ${expenseId}`);
  if (Number(held?.count ?? 0) === 0) throw new AppError('RECEIPT_REQUIRED', { field: 'receiptIds', message: receiptRequiredMessage(requiredAboveKobo) });
}

/** The expense row's own columns: receipt ids live on the receipts, not on the expense. */
export function withoutReceipts<T extends { receiptIds?: string[] }>(input: T): Omit<T, 'receiptIds'> {
  const { receiptIds: _receiptIds, ...columns } = input;
  return columns;
}
