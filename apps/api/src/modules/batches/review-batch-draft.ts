import { asKobo, defaultRunDescription, type BatchReview, type ParsedBatchDraft } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolveRunValueDate } from './run-value-date.ts';
import { findEarlierBatch } from './batch-views.ts';
import { reviewRows, type RowLoans } from './review-batch.ts';

/** The dry run (issue 11 "review before anything moves"): reads only, posts nothing. */
export async function reviewBatchDraft(
  deps: SavingsDeps,
  actor: Actor,
  draft: ParsedBatchDraft,
  db: Database | Transaction = deps.db,
  options: { lock?: boolean; loansByLine?: Map<number, RowLoans> } = {},
): Promise<BatchReview> {
  const valueDate = await resolveRunValueDate(deps, actor, draft, db);
  const rows = await reviewRows(db, draft.rows, valueDate, options);
  const ready = rows.filter((row) => row.status === 'ready');
  const total = (type: 'deposit' | 'withdrawal') =>
    asKobo(ready.filter((row) => row.type === type).reduce((sum, row) => sum + (row.amountKobo ?? 0), 0));
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
    earlierBatch: await findEarlierBatch(db, draft.month, draft.fileHash, deps.timeZone),
  };
}
