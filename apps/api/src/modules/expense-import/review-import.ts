import { sql } from 'drizzle-orm';
import {
  calendarDate,
  can,
  DEFAULT_PAYMENT_METHOD,
  duplicateInFileMessage,
  importDateOf,
  MAX_AMOUNT_KOBO,
  MAX_CATEGORY_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_PAYMENT_METHOD_LENGTH,
  MESSAGES,
  parseNaira,
  type ImportReview,
  type ImportRowField,
  type ParsedImportDraft,
  type ReviewedImportRow,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { expenseConditions, expenseScopeOf } from '../expense-scope/expense-scope.ts';
import type { ExpenseDeps } from '../expenses/expense-deps.ts';

type Problem = { field: ImportRowField; message: string };

/**
 * Judges every row of an import and writes nothing (issue 14). Each row is ready or refused with
 * one reason, checked in this order: date, item, amount, description, payment method, then a
 * duplicate of an expense the caller can see (same day, amount and description) or of an earlier
 * line of the file. Run again inside the import's transaction, so the preview is never trusted.
 */
export async function reviewImport(deps: ExpenseDeps, actor: Actor, draft: ParsedImportDraft, tx?: Transaction): Promise<ImportReview> {
  const db: Database | Transaction = tx ?? deps.db;
  const scope = expenseScopeOf(actor);
  const today = calendarDate(deps.now(), deps.timeZone);
  const canCreateItems = can(actor.role, 'manage_categories');
  const known = new Map(
    (await queryRows<{ id: string; name: string }>(db, sql`select id, name from categories`)).map((row) => [row.name.toLowerCase(), row]),
  );
  const ticked = new Set(canCreateItems ? draft.createItems.map((name) => name.trim().toLowerCase()) : []);
  const unknownItems = new Map<string, string>();

  const rows = draft.rows.map((input): ReviewedImportRow => {
    const itemName = input.item.trim();
    const category = known.get(itemName.toLowerCase());
    const isNewItem = !category && itemName !== '' && itemName.length <= MAX_CATEGORY_NAME_LENGTH;
    if (isNewItem && !unknownItems.has(itemName.toLowerCase())) unknownItems.set(itemName.toLowerCase(), itemName);
    const date = importDateOf(input.date, today);
    const amountKobo = String(input.amount).trim() === '' ? null : parseNaira(input.amount);
    const description = input.description?.trim() || null;
    const paymentMethod = input.paymentMethod?.trim() || DEFAULT_PAYMENT_METHOD;
    const problem = firstProblem([
      ['date', 'problem' in date ? date.problem : null],
      ['item', itemProblem(itemName, Boolean(category), ticked.has(itemName.toLowerCase()))],
      ['amount', amountProblem(input.amount, amountKobo)],
      ['description', (description?.length ?? 0) > MAX_DESCRIPTION_LENGTH ? MESSAGES.descriptionTooLong : null],
      ['paymentMethod', paymentMethod.length > MAX_PAYMENT_METHOD_LENGTH ? MESSAGES.paymentMethodTooLong : null],
    ]);
    return {
      line: input.line,
      isReady: problem === null,
      problem: problem?.message ?? null,
      field: problem?.field ?? null,
      spentOn: 'date' in date ? date.date : null,
      itemName,
      categoryId: category?.id ?? null,
      isNewItem: isNewItem && !category,
      amountKobo: amountKobo !== null && amountKobo <= MAX_AMOUNT_KOBO ? amountKobo : null,
      description,
      paymentMethod,
    };
  });

  refuseRepeatsWithinFile(rows);
  await refuseExistingDuplicates(db, scope, rows);
  const ready = rows.filter((row) => row.isReady);
  return {
    fileName: draft.fileName,
    rows,
    readyCount: ready.length,
    refusedCount: rows.length - ready.length,
    readyKobo: ready.reduce((sum, row) => sum + (row.amountKobo ?? 0), 0),
    unknownItems: [...unknownItems.values()],
    canCreateItems,
  };
}

function firstProblem(checks: [ImportRowField, string | null][]): Problem | null {
  const found = checks.find(([, message]) => message !== null);
  return found ? { field: found[0], message: found[1] as string } : null;
}

function itemProblem(name: string, exists: boolean, isTicked: boolean): string | null {
  if (name === '') return MESSAGES.importItemRequired;
  if (name.length > MAX_CATEGORY_NAME_LENGTH) return MESSAGES.itemNameTooLong;
  if (!exists && !isTicked) return MESSAGES.importUnknownItem;
  return null;
}

function amountProblem(written: string | number, kobo: number | null): string | null {
  if (String(written).trim() === '') return MESSAGES.importAmountRequired;
  if (kobo === null) return MESSAGES.invalidExpenseAmount;
  if (kobo > MAX_AMOUNT_KOBO) return MESSAGES.expenseAmountTooLarge;
  return null;
}

const duplicateKey = (row: ReviewedImportRow) => JSON.stringify([row.spentOn, row.amountKobo, row.description]);

/** The second and later of rows alike in date, amount and description are refused; the first stays. */
function refuseRepeatsWithinFile(rows: ReviewedImportRow[]): void {
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (!row.isReady) continue;
    const key = duplicateKey(row);
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, row.line);
    else refuse(row, 'row', duplicateInFileMessage(first));
  }
}

/** One query: which ready rows match an expense the caller can see on the same day, amount and description. */
async function refuseExistingDuplicates(db: Database | Transaction, scope: ReturnType<typeof expenseScopeOf>, rows: ReviewedImportRow[]): Promise<void> {
  const candidates = rows.filter((row) => row.isReady);
  if (candidates.length === 0) return;
  const input = JSON.stringify(candidates.map((row) => ({ line: row.line, spent_on: row.spentOn, amount_kobo: row.amountKobo, description: row.description })));
  const matches = await queryRows<{ line: number }>(
    db,
    sql`select i.line from json_to_recordset(${input}::json) as i(line int, spent_on date, amount_kobo bigint, description text)
        where exists (
          select 1 from expenses e
          where e.spent_on = i.spent_on and e.amount_kobo = i.amount_kobo
            and e.description is not distinct from i.description and ${expenseConditions(scope)})`,
  );
  const duplicateLines = new Set(matches.map((match) => Number(match.line)));
  for (const row of candidates) if (duplicateLines.has(row.line)) refuse(row, 'row', MESSAGES.importDuplicateExisting);
}

function refuse(row: ReviewedImportRow, field: ImportRowField, message: string): void {
  row.isReady = false;
  row.field = field;
  row.problem = message;
}
