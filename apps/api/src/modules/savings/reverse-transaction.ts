import { eq, inArray, sql } from 'drizzle-orm';
import { AppError, isUuid, MESSAGES, type ErrorCode, type IsoDate, type PostedReversal } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findAccountView, selectLedgerRows, toTransactionView, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { reversePostings } from './reverse-postings.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { openDay } from '../ledger/open-day.ts';

/**
 * Reverses one posting (admin; issue 11): a new, opposite row linked to the original, both legs
 * for a transfer, in one transaction with its audit entry. A reversal is not itself reversible,
 * and a posting is reversed at most once.
 */
export async function reverseTransaction(
  deps: SavingsDeps,
  actor: Actor,
  transactionId: string,
  input: { reason: string; valueDate: IsoDate | null },
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedReversal>> {
  if (!isUuid(transactionId)) throw new AppError('TRANSACTION_NOT_FOUND');
  const requested = await resolvePostingValueDate(deps, actor, input.valueDate);
  // No day named: today, or the first open day after it when today's month is locked (issue 27).
  const valueDate = input.valueDate ? requested : await openDay(deps.db, 'scheme', requested);
  return postIdempotently(deps.db, key, async (tx) => {
    const legs = await postingWithItsLegs(tx, transactionId);
    const original = legs.find((leg) => leg.id === transactionId);
    if (!original) throw new AppError('TRANSACTION_NOT_FOUND');
    if (original.reversesId) throw new AppError('REVERSAL_NOT_REVERSIBLE');
    const refusal = await refusalToReverseAlone(tx, original);
    if (refusal) throw new AppError(refusal);
    if (valueDate < original.valueDate) throw new AppError('VALIDATION', { message: MESSAGES.reversalBeforeOriginal, field: 'valueDate' });
    const [done] = await tx
      .select({ id: savingsTransactions.id })
      .from(savingsTransactions)
      .where(inArray(savingsTransactions.reversesId, legs.map((leg) => leg.id)))
      .limit(1);
    if (done) throw new AppError('ALREADY_REVERSED');

    const at = deps.now();
    const rows = await reversePostings(tx, { actor, originalIds: legs.map((leg) => leg.id), reason: input.reason, valueDate, at });
    const accounts = await Promise.all([...new Set(rows.map((row) => row.accountId))].map((id) => findAccountView(tx, id)));
    const reversalIds = rows.map((row) => row.reversalId);
    const ledger = await selectLedgerRows(tx).where(inArray(savingsTransactions.id, [...legs.map((leg) => leg.id), ...reversalIds]));
    const views = ledger.map(({ row, reversedById }) => toTransactionView(row, reversedById));
    const posted: PostedReversal = {
      reversed: views.filter((view) => view.reversesId === null),
      reversals: views.filter((view) => view.reversesId !== null),
      accounts,
    };
    await recordAudit(tx, {
      kind: 'savings.reversal',
      actor,
      target: {
        type: 'savings_transaction',
        id: original.id,
        label: accounts.map((account) => (account.staffId ? `${account.holderName} (${account.staffId})` : account.holderName)).join(' → '),
      },
      people: accounts.map((account) => account.userId),
      before: { transactionIds: legs.map((leg) => leg.id), type: original.type, amountKobo: original.amountKobo, valueDate: original.valueDate },
      after: {
        reversalIds,
        reason: input.reason,
        valueDate,
        balances: accounts.map((account) => ({ accountId: account.accountId, balanceKobo: account.balanceKobo })),
      },
      at,
    });
    return posted;
  });
}

/**
 * Why this posting may not be reversed on its own, or null when it may. Reversing one row alone
 * books its opposite against the counter account of a plain posting (Bank), which is only right
 * when the posting's own entry moved its money that way:
 * - An exit's settlement and a guarantor recovery write their savings rows with
 *   `kobo.journal_by_caller` and book them in one entry with the loan or the payout: those rows
 *   have no entry of their own (source `savings` or `savings_batch`). Reversing one alone returned
 *   the member's money while the loan stayed paid, and credited cash that never came in (the
 *   simulator found it, decision 055's addendum). An exit is undone whole; a recovery not at all.
 * - A payroll over-deduction applied to a product is a deposit from "Over-deductions held", and
 *   the over-deduction stays applied: reversed alone it credited Bank instead, and nothing was held
 *   for it again (decision 047's addendum). A transfer or withdrawal moves it instead.
 */
async function refusalToReverseAlone(tx: Transaction, posting: { id: string; transferId: string | null; batchId: string | null }): Promise<ErrorCode | null> {
  const [found] = await queryRows<{ own: boolean; from_held: boolean }>(
    tx,
    sql`select count(e.id) > 0 as own,
               coalesce(bool_or(e.source_type = 'savings' and exists (
                 select 1 from journal_lines l join ledger_mappings m on m.account_id = l.account_id and m.key = 'payroll.overdeductions'
                 where l.entry_id = e.id)), false) as from_held
        from journal_entries e
        where e.source_type in ('savings', 'savings_batch') and e.source_id in (${posting.transferId ?? posting.id}::uuid, ${posting.batchId}::uuid)`,
  );
  if (found?.own !== true) return 'REVERSAL_PART_OF_SETTLEMENT';
  return found.from_held ? 'REVERSAL_OVERDEDUCTION_APPLIED' : null;
}

/** The posting and, for a transfer, its other leg; empty when there is no such posting. */
async function postingWithItsLegs(tx: Transaction, id: string) {
  const [posting] = await tx.select().from(savingsTransactions).where(eq(savingsTransactions.id, id));
  if (!posting) return [];
  if (!posting.transferId) return [posting];
  return tx.select().from(savingsTransactions).where(eq(savingsTransactions.transferId, posting.transferId));
}
