import { sql } from 'drizzle-orm';
import { AppError, ORDINARY_SAVINGS_PRODUCT_ID, outstandingTotal, positionAfter, runWithdrawalDescription, type BatchView, type IsoDate, type ParsedBatchDraft, type ReviewedRow } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { pgArray } from '../../db/pg-array.ts';
import { savingsBatches } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { toBatchView } from './batch-views.ts';
import { startBatchReview } from './review-batch-draft.ts';
import type { RowLoans } from './review-batch.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';
import { firstDayBelowZeroSql } from '../ledger/ledger-sql.ts';
import type { ActiveLoan } from '../loans/active-loan-positions.ts';
import { prepareRepayments, writeRepayments, type RepaymentEntry } from '../loans/store-repayments.ts';

/** One batch posts at a time, so two requests for the same month cannot both find it unposted. */
const BATCH_LOCK = 0x6b6f6274; // 'kobt'

/**
 * Posts a whole batch or nothing (issue 11): one database transaction that re-reviews every row
 * with the people locked, refuses a repeat of the month or the file unless a reason is given,
 * locks every account in id order (as single postings and transfers do, so they queue instead of
 * deadlocking), writes the batch, then in one statement opens the accounts of holders who never
 * saved (issue 29: in each product the batch moves) with their deposit, moves every other balance
 * (refusing to go below zero) and writes every product's ledger rows, and one audit entry. Any
 * refusal rolls everything back; the review then says which row (and which product's cell) and why.
 * A holder whose account another posting opens while the batch posts is refused with the batch
 * (BATCH_NOT_READY), never posted twice: the treasurer posts again.
 */
export async function postBatch(
  deps: SavingsDeps,
  actor: Actor,
  draft: ParsedBatchDraft,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<{ batch: BatchView }>> {
  return postIdempotently(deps.db, key, async (tx) => ({ batch: (await postBatchWithin(tx, deps, actor, draft)).view }));
}

/**
 * The batch's posting inside a transaction the caller holds (issue 30: a payroll remittance posts
 * its batch and its arrears in one transaction). Answers the batch and its reviewed rows.
 */
export async function postBatchWithin(
  tx: Transaction,
  deps: SavingsDeps,
  actor: Actor,
  draft: ParsedBatchDraft,
): Promise<{ view: BatchView; batchId: string; rows: readonly ReviewedRow[] }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
  // A run's sorts (its 30,000 postings' journal lines, its loans' schedules) in memory, not on disk:
  // one run posts at a time (the lock above), so this is one transaction's memory, not every one's.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const loansByLine = new Map<number, RowLoans>();
  // Every rule but the loans' first; theirs (the last in the review's order) while the database
  // writes the savings, below (decision 072). A refusal either way rolls back what was written.
  const started = await startBatchReview(deps, actor, draft, tx, { lock: true, loansByLine });
  const review = started.review;
  if (review.earlierBatch && !draft.repeatReason) throw new AppError('BATCH_ALREADY_POSTED', { message: review.earlierBatch.message });
  if (review.refusedCount > 0) throw new AppError('BATCH_NOT_READY');

  const at = deps.now();
  // A row may carry only a loan repayment (issue 12): it moves no savings. Issue 29: a row moves
  // ordinary savings (its amount) and each other product (its cells), one ledger row each.
  const columnOf = new Map(review.products.map((product, index) => [product.id, index]));
  const columns: LedgerColumns = { userIds: [], productIds: [], types: [], amounts: [], descriptions: [], lines: [], columns: [] };
  for (const row of review.rows) {
    const type = row.type as 'deposit' | 'withdrawal';
    const description = row.description ?? (type === 'withdrawal' ? runWithdrawalDescription(review.month) : review.description);
    const add = (productId: string, amountKobo: number | null) => {
      if ((amountKobo ?? 0) <= 0) return;
      columns.userIds.push(row.userId as string);
      columns.productIds.push(productId);
      columns.types.push(type);
      columns.amounts.push(amountKobo as number);
      columns.descriptions.push(description);
      columns.lines.push(row.line);
      columns.columns.push(columnOf.get(productId) ?? 0);
    };
    add(ORDINARY_SAVINGS_PRODUCT_ID, row.amountKobo);
    for (const cell of row.cells) add(cell.productId, cell.amountKobo);
  }
  const ledgerRowCount = columns.userIds.length;
  const input = ledgerInputArrays(columns);
  await lockAccounts(tx, input);
  const [batch] = await tx
    .insert(savingsBatches)
    .values({
      month: review.month,
      valueDate: review.valueDate,
      description: review.description,
      fileHash: draft.fileHash,
      fileName: draft.fileName,
      rowCount: review.rows.length,
      depositKobo: review.depositKobo,
      withdrawalKobo: review.withdrawalKobo,
      loanRepaymentKobo: review.loanRepaymentKobo,
      repeatReason: draft.repeatReason,
      postedById: actor.id,
      postedByName: actor.name,
      postedByEmail: actor.email,
      postedAt: at,
    })
    .returning();
  if (!batch) throw new Error('the batch row was not written');
  // The batch row first: its ledger rows name it. One statement then opens the missing accounts
  // with their first deposit as balance (updating a row inserted in the same transaction costs its
  // foreign-key checks again), moves every other balance, and writes each account's ledger row
  // from what the INSERT and UPDATE return (no second read of the input or of the accounts). A
  // refused row moves and writes nothing, and the count says so.
  const writing = queryRows<{ count: number | string }>(
    tx,
    sql`with input as materialized (
          select * from unnest(${input.userIds}::text[], ${input.productIds}::uuid[], ${input.types}::text[], ${input.amounts}::bigint[],
                               ${input.descriptions}::text[], ${input.lines}::int[], ${input.columns}::int[])
                        as r(user_id, product_id, type, amount_kobo, description, line, "column")
        ),
        opened as (
          insert into savings_accounts (user_id, holder_name, staff_id, product_id, balance_kobo, last_updated)
          select u.id, u.name, u.staff_id, i.product_id, i.amount_kobo, ${at.toISOString()}
          from input i
          join users u on u.id = i.user_id
          -- A withdrawal from an account never opened is refused (nothing is written for it).
          -- An account that exists conflicts and is left to \`moved\` (no NOT EXISTS probe: without
          -- statistics, PGlite's planner probed it through the product index, one product's
          -- accounts per row, and a 10,000-row batch took 25 s).
          where i.type = 'deposit'
          on conflict (user_id, product_id) do nothing
          returning id, user_id, product_id
        ),
        moved as (
          update savings_accounts a
          set balance_kobo = a.balance_kobo + case when i.type = 'deposit' then i.amount_kobo else -i.amount_kobo end,
              last_updated = ${at.toISOString()}
          from input i
          where a.user_id = i.user_id and a.product_id = i.product_id
            -- A withdrawal leaves what loans hold (issue 12's lien); a deposit keeps the balance >= 0
            -- and is never judged against holds (issue 26).
            and a.balance_kobo + case when i.type = 'deposit' then i.amount_kobo else -i.amount_kobo end
                >= case when i.type = 'deposit' then 0 else ${heldKoboSql(sql`a.id`)} end
            -- Nor may a withdrawal leave any day of the statement from the value date on below zero.
            and ${firstDayBelowZeroSql(sql`a.id`, sql`a.balance_kobo`, sql`${review.valueDate}::date`, sql`case when i.type = 'deposit' then 0 else -i.amount_kobo end`)} is null
          returning a.id, i.type, i.amount_kobo, i.description, i.line, i."column"
        ),
        posted as (
          select m.id, m.type, m.amount_kobo, m.description, m.line, m."column" from moved m
          union all
          select o.id, i.type, i.amount_kobo, i.description, i.line, i."column"
          from opened o join input i on i.user_id = o.user_id and i.product_id = o.product_id
        ),
        written as (
          insert into savings_transactions
            (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at, value_date, batch_id)
          select p.id, p.type, p.amount_kobo, p.description, ${actor.id}, ${actor.email}, ${actor.email}, ${at.toISOString()}, ${review.valueDate}, ${batch.id}
          from posted p
          order by p.line, p."column"
          returning 1
        )
        select count(*) as count from written`,
  );
  // While the database writes the savings (its longest statement), this thread judges the loans'
  // rule, splits the repayments and builds their statements' parameters: the statement was sent
  // once the microtasks that build it had run. (Its refusal is awaited below, after the review's:
  // a row refused for its repayment is the answer, as it was before anything was written. The
  // catch only keeps it from counting as unhandled meanwhile.)
  writing.catch(() => undefined);
  await new Promise((resolve) => setImmediate(resolve));
  const reviewed = await started.finish();
  if (reviewed.refusedCount > 0) throw new AppError('BATCH_NOT_READY');
  const repayments = prepareRepayments(repaymentEntries(reviewed.rows, loansByLine, review.valueDate, batch.id));
  const [written] = await writing;
  if (Number(written?.count) !== ledgerRowCount) throw new AppError('BATCH_NOT_READY');
  await writeRepayments(tx, actor, at, repayments);
  const view = toBatchView(batch);
  await recordAudit(tx, {
    kind: 'savings.batch_posted',
    actor,
    target: { type: 'savings_batch', id: batch.id, label: `Batch ${batch.seq}: ${review.description}` },
    people: [...new Set(reviewed.rows.map((row) => row.userId as string))],
    after: {
      month: view.month,
      valueDate: view.valueDate,
      rowCount: view.rowCount,
      depositKobo: view.depositKobo,
      withdrawalKobo: view.withdrawalKobo,
      loanRepaymentKobo: view.loanRepaymentKobo,
      products: reviewed.products.map((product) => ({ productId: product.id, name: product.name, depositKobo: product.depositKobo, withdrawalKobo: product.withdrawalKobo })),
      fileName: view.fileName,
      repeatReason: view.repeatReason,
    },
    at,
  });
  return { view, batchId: batch.id, rows: reviewed.rows };
}

/**
 * Locks the batch's existing accounts in id order (as single postings and transfers do, so they
 * queue instead of deadlocking), before the statement that moves them reads what they hold.
 */
async function lockAccounts(tx: Transaction, input: LedgerInputArrays): Promise<void> {
  await tx.execute(sql`
    select a.id from savings_accounts a
    where (a.user_id, a.product_id) in (select * from unnest(${input.userIds}::text[], ${input.productIds}::uuid[]))
    order by a.id
    for no key update`);
}

type LedgerColumnName = 'userIds' | 'productIds' | 'types' | 'amounts' | 'descriptions' | 'lines' | 'columns';
/** The run's ledger rows a column at a time: one savings row per product a member's row moves. */
type LedgerColumns = Record<LedgerColumnName, (string | number | null)[]>;
type LedgerInputArrays = Record<LedgerColumnName, string>;

/** Each column as one array parameter (pg-array.ts says why not JSON). */
function ledgerInputArrays(columns: LedgerColumns): LedgerInputArrays {
  return Object.fromEntries(Object.entries(columns).map(([name, values]) => [name, pgArray(values)])) as LedgerInputArrays;
}

/** Each ready row's repayment, as split across the member's loans under their locks, to be stored. */
function repaymentEntries(rows: readonly ReviewedRow[], loansByLine: Map<number, RowLoans>, valueDate: IsoDate, batchId: string): RepaymentEntry[] {
  return rows.flatMap((row) => {
    const loans = loansByLine.get(row.line);
    if (!loans || (row.loanRepaymentKobo ?? 0) === 0) return [];
    return loans.parts.map((part) => {
      const loan = loans.loans[part.index] as ActiveLoan;
      const repaid = outstandingTotal(positionAfter(loan.position, part.allocation)) === 0;
      return { loanId: loan.loanId, amountKobo: part.amount, valueDate, allocation: part.allocation, repaid, batchId };
    });
  });
}
