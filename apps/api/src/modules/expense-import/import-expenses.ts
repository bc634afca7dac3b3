import { sql } from 'drizzle-orm';
import { AppError, can, DEFAULT_CATEGORY_COLOR, DEFAULT_CATEGORY_ICON, importedMessage, MAX_CATEGORY_NAME_LENGTH, MESSAGES, type ImportResult, type ParsedImportDraft } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { expenseImports } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { notifyChange } from '../events/change-feed.ts';
import type { ExpenseDeps } from '../expenses/expense-deps.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { reviewImport } from './review-import.ts';
import { toImportView } from './import-views.ts';

/** Imports run one at a time, so two uploads of one file cannot both find their rows new. */
const IMPORT_LOCK = 0x6b6f6269; // 'kobi'

/**
 * Imports every ready row, all or nothing (issue 14): one transaction that reviews the rows again
 * (never trusting the preview), refuses when the ready count is not the one the person agreed to,
 * creates the ticked items, then writes the import, its expenses (one INSERT … SELECT) and one audit
 * entry. Refused rows are left out; nothing of them is written.
 */
export async function importExpenses(
  deps: ExpenseDeps,
  actor: Actor,
  draft: ParsedImportDraft & { expectedReadyCount: number },
  key: IdempotencyKey | null,
): Promise<IdempotentResult<ImportResult>> {
  // Creating an item is managing items: the same right as POST /api/categories.
  if (draft.createItems.length > 0 && !can(actor.role, 'manage_categories')) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.importCreateItemsForbidden, field: 'createItems' });
  }
  return postIdempotently(deps.db, key, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const at = deps.now();
    const createdItems = await createTickedItems(actor, draft, tx);
    const review = await reviewImport(deps, actor, draft, tx);
    if (review.readyCount !== draft.expectedReadyCount) throw new AppError('IMPORT_CHANGED');
    const [batch] = await tx
      .insert(expenseImports)
      .values({ importedBy: actor.id, fileName: draft.fileName, rowCount: review.readyCount, createdAt: at })
      .returning();
    if (!batch) throw new Error('the import row was not written');
    const ready = review.rows
      .filter((row) => row.isReady)
      .map((row) => ({ line: row.line, spent_on: row.spentOn, item: row.itemName.toLowerCase(), amount_kobo: row.amountKobo, description: row.description, payment_method: row.paymentMethod }));
    const input = JSON.stringify(ready);
    await tx.execute(sql`
      insert into expenses (description, amount_kobo, category_id, spent_on, payment_method, user_id, user_email, import_id, created_at, updated_at)
      select i.description, i.amount_kobo, c.id, i.spent_on, i.payment_method, ${actor.id}, ${actor.email}, ${batch.id}, ${at.toISOString()}, ${at.toISOString()}
      from json_to_recordset(${input}::json) as i(line int, spent_on date, item text, amount_kobo bigint, description text, payment_method text)
      join categories c on lower(c.name) = i.item
      order by i.line`);
    await recordAudit(tx, {
      kind: 'expense.imported',
      actor,
      target: { type: 'expense_import', id: batch.id, label: batch.fileName },
      after: { fileName: batch.fileName, rowCount: review.readyCount, refusedCount: review.refusedCount, totalKobo: review.readyKobo, createdItems },
      at,
    });
    await notifyChange(tx, 'expenses');
    return { import: toImportView(batch, actor, actor.name, at), createdItems, message: importedMessage(review.readyCount) };
  });
}

/**
 * The ticked items the file names and Kobo does not know, created with the default colour and
 * icon, as first written in the file. Names not in the file, or that exist already, are ignored.
 */
async function createTickedItems(actor: Actor, draft: ParsedImportDraft, tx: Transaction): Promise<string[]> {
  if (draft.createItems.length === 0) return [];
  const ticked = new Set(draft.createItems.map((name) => name.trim().toLowerCase()));
  const named = new Map<string, string>();
  for (const row of draft.rows) {
    const name = row.item.trim();
    const key = name.toLowerCase();
    if (name !== '' && name.length <= MAX_CATEGORY_NAME_LENGTH && ticked.has(key) && !named.has(key)) named.set(key, name);
  }
  if (named.size === 0) return [];
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`insert into categories (name, color, icon, created_by)
        select t.item_name, ${DEFAULT_CATEGORY_COLOR}, ${DEFAULT_CATEGORY_ICON}, ${actor.id}
        from jsonb_array_elements_text(${JSON.stringify([...named.values()])}::jsonb) as t(item_name)
        where not exists (select 1 from categories c where lower(c.name) = lower(t.item_name))
        returning id, name`,
  );
  for (const row of rows) {
    await recordAudit(tx, { kind: 'category.created', actor, target: { type: 'category', id: row.id, label: row.name }, after: { name: row.name, fromImport: draft.fileName } });
  }
  if (rows.length > 0) await notifyChange(tx, 'categories');
  return rows.map((row) => row.name);
}
