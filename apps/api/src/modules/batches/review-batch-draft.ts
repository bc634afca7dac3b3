import { asKobo, defaultRunDescription, ORDINARY_SAVINGS_PRODUCT_ID, type BatchReview, type ParsedBatchDraft, type ReviewedRow, type RunProductTotal } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolveRunValueDate } from './run-value-date.ts';
import { findEarlierBatch } from './batch-views.ts';
import { startReviewRows, type RowLoans } from './review-batch.ts';
import { readRunProducts, toRunProduct, type RunProducts } from './run-products.ts';

/** The dry run (issue 11 "review before anything moves"): reads only, posts nothing. */
export async function reviewBatchDraft(
  deps: SavingsDeps,
  actor: Actor,
  draft: ParsedBatchDraft,
  db: Database | Transaction = deps.db,
  options: { lock?: boolean; loansByLine?: Map<number, RowLoans> } = {},
): Promise<BatchReview> {
  return (await startBatchReview(deps, actor, draft, db, options)).finish();
}

/**
 * The review in its two halves (review-batch.ts's startReviewRows): `review` judges every rule but
 * the loans' (its rows' loan figures are not yet known), `finish` the whole.
 */
export async function startBatchReview(
  deps: SavingsDeps,
  actor: Actor,
  draft: ParsedBatchDraft,
  db: Database | Transaction,
  options: { lock?: boolean; loansByLine?: Map<number, RowLoans> },
): Promise<{ review: BatchReview; finish: () => Promise<BatchReview> }> {
  const valueDate = await resolveRunValueDate(deps, actor, draft, db);
  const products = await readRunProducts(db);
  // Asked before the rows, whose loans' schedules are still being read when the first half returns.
  const earlierBatch = await findEarlierBatch(db, draft.month, draft.fileHash, deps.timeZone);
  const started = await startReviewRows(db, draft.rows, valueDate, products, options);
  const summary = (rows: ReviewedRow[]): BatchReview => {
    const ready = rows.filter((row) => row.status === 'ready');
    const columns = productTotals(products, rows, ready);
    const total = (type: 'deposit' | 'withdrawal') => asKobo(columns.reduce((sum, column) => sum + (type === 'deposit' ? column.depositKobo : column.withdrawalKobo), 0));
    return {
      month: draft.month,
      valueDate,
      description: draft.description ?? defaultRunDescription(draft.month),
      rows,
      readyCount: ready.length,
      refusedCount: rows.length - ready.length,
      depositKobo: total('deposit'),
      withdrawalKobo: total('withdrawal'),
      loanRepaymentKobo: asKobo(ready.reduce((sum, row) => sum + (row.loanRepaymentKobo ?? 0), 0)),
      products: columns,
      earlierBatch,
    };
  };
  return { review: summary(started.rows), finish: async () => summary(await started.finish()) };
}

/**
 * Issue 29: the review's savings columns, ordinary savings first and then each run product some row
 * names, with its deposits and withdrawals over ready rows. One pass over the rows (a run has
 * 10,000 and a column each per product): ordinary savings is each row's amount, another product its cells.
 */
function productTotals(products: RunProducts, rows: readonly ReviewedRow[], ready: readonly ReviewedRow[]): RunProductTotal[] {
  const named = new Set(rows.flatMap((row) => row.cells.map((cell) => cell.productId)));
  const sums = new Map<string, { deposit: number; withdrawal: number }>();
  const add = (productId: string, type: ReviewedRow['type'], kobo: number) => {
    const sum = sums.get(productId) ?? { deposit: 0, withdrawal: 0 };
    if (type === 'deposit') sum.deposit += kobo;
    else if (type === 'withdrawal') sum.withdrawal += kobo;
    sums.set(productId, sum);
  };
  for (const row of ready) {
    add(ORDINARY_SAVINGS_PRODUCT_ID, row.type, row.amountKobo ?? 0);
    // Ordinary savings' total is the rows' amounts only: its column is the amount, never a cell.
    for (const cell of row.cells) if (cell.productId !== ORDINARY_SAVINGS_PRODUCT_ID) add(cell.productId, row.type, cell.amountKobo ?? 0);
  }
  return products.columns
    .filter((product) => product.id === ORDINARY_SAVINGS_PRODUCT_ID || named.has(product.id))
    .map((product) => {
      const sum = sums.get(product.id);
      return { ...toRunProduct(product), depositKobo: asKobo(sum?.deposit ?? 0), withdrawalKobo: asKobo(sum?.withdrawal ?? 0) };
    });
}
