import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, isUuid, MESSAGES, type IsoDate, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { loanInstalments, loans, loanTransactions } from '../../db/schema.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { openDay } from '../ledger/open-day.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';
import { reverseLoanRepayments } from './reverse-loan-repayments.ts';

/**
 * Reverses one loan ledger entry (officers), with the savings reversal's rules: a reason, a value
 * date not before the entry's, once only, a reversal not itself reversible, an audit entry. A
 * repayment is undone (reverse-loan-repayments.ts); a disbursement is undone with its fee when no
 * repayment stands, and the loan goes back to approved, to be paid out again or rejected.
 */
export async function reverseLoanEntry(
  deps: LoanDeps,
  actor: Actor,
  entryId: string,
  input: { reason: string; valueDate: IsoDate | null },
  key: IdempotencyKey | null,
): Promise<IdempotentResult<{ loan: LoanView }>> {
  if (!isUuid(entryId)) throw new AppError('LOAN_ENTRY_NOT_FOUND');
  const requested = await resolvePostingValueDate(deps, actor, input.valueDate);
  // No day named: today, or the first open day after it when today's month is locked (issue 27).
  const valueDate = input.valueDate ? requested : await openDay(deps.db, 'scheme', requested);
  return postIdempotently(deps.db, key, async (tx) => {
    const [entry] = await tx.select().from(loanTransactions).where(eq(loanTransactions.id, entryId));
    if (!entry) throw new AppError('LOAN_ENTRY_NOT_FOUND');
    if (entry.reversesId) throw new AppError('REVERSAL_NOT_REVERSIBLE');
    if (entry.type === 'fee') throw new AppError('LOAN_REVERSAL_REFUSED', { message: MESSAGES.feeReversedWithDisbursement });
    // Issue 33: a top-up's payoff and fee are part of its disbursement (docs/decisions/052).
    if (entry.paidByLoanId) throw new AppError('LOAN_REVERSAL_REFUSED', { message: MESSAGES.topUpNotReversible });
    if (valueDate < entry.valueDate) throw new AppError('VALIDATION', { message: MESSAGES.reversalBeforeOriginal, field: 'valueDate' });
    const at = deps.now();
    const reversal = { actor, reason: input.reason, valueDate, at };
    const [reversed] = await tx.select({ id: loanTransactions.id }).from(loanTransactions).where(eq(loanTransactions.reversesId, entryId));
    if (reversed) throw new AppError('ALREADY_REVERSED');
    const [beforeView] = await loanViews(tx, [entry.loanId], at, deps.timeZone);
    const before = beforeView?.ledger?.outstandingTotalKobo ?? 0;
    if (entry.type === 'repayment') await reverseLoanRepayments(tx, { ...reversal, originalIds: [entryId] });
    else await reverseDisbursement(tx, entry.loanId, reversal);
    const [loan] = await loanViews(tx, [entry.loanId], at, deps.timeZone);
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    const [row] = await tx.select({ accountId: loans.accountId }).from(loans).where(eq(loans.id, entry.loanId));
    await auditLoanAct(tx, {
      kind: entry.type === 'repayment' ? 'loan.repayment_reversed' : 'loan.disbursement_reversed',
      actor,
      loan: { id: entry.loanId, productName: loan.productName, accountId: row?.accountId ?? '' },
      before: { outstandingTotalKobo: before, status: beforeView?.status ?? null },
      after: { entryId, amountKobo: entry.amountKobo, reason: input.reason, valueDate, status: loan.status, outstandingTotalKobo: loan.ledger?.outstandingTotalKobo ?? 0 },
      at,
    });
    return { loan };
  });
}

/** A disbursement and its fee get their reversing entries; the schedule fixed at disbursement goes, the approval stays. */
async function reverseDisbursement(tx: Transaction, loanId: string, reversal: { actor: Actor; reason: string; valueDate: IsoDate; at: Date }): Promise<void> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!loan) throw new AppError('LOAN_NOT_FOUND');
  if (loan.status === 'written_off') throw new AppError('LOAN_REVERSAL_REFUSED', { message: MESSAGES.loanClosedForReversal });
  if (loan.status !== 'active' && loan.status !== 'repaid') throw new AppError('ALREADY_REVERSED');
  const [standing] = await tx
    .select({ id: loanTransactions.id })
    .from(loanTransactions)
    .where(
      and(
        eq(loanTransactions.loanId, loanId),
        eq(loanTransactions.type, 'repayment'),
        isNull(loanTransactions.reversesId),
        sql`not exists (select 1 from loan_transactions r where r.reverses_id = ${loanTransactions.id})`,
      ),
    )
    .limit(1);
  if (standing) throw new AppError('LOAN_REVERSAL_REFUSED', { message: MESSAGES.repaymentsBeforeDisbursement });
  try {
    await tx.execute(sql`
      insert into loan_transactions (loan_id, type, amount_kobo, value_date, reverses_id, reason, created_by_id, created_by_email, created_at)
      select t.loan_id, t.type, t.amount_kobo, ${reversal.valueDate}, t.id, ${reversal.reason}, ${reversal.actor.id}, ${reversal.actor.email}, ${reversal.at.toISOString()}
      from loan_transactions t
      where t.loan_id = ${loanId} and t.type in ('disbursement', 'fee') and t.reverses_id is null
        and not exists (select 1 from loan_transactions r where r.reverses_id = t.id)
      order by t.seq`);
  } catch (error) {
    if (isUniqueViolation(error, 'loan_transactions_reverses_key')) throw new AppError('ALREADY_REVERSED');
    throw error;
  }
  await tx.delete(loanInstalments).where(eq(loanInstalments.loanId, loanId));
  await tx
    .update(loans)
    .set({ status: 'approved', disbursedAt: null, disbursedValueDate: null, disbursedById: null, feeOutstandingKobo: 0 })
    .where(eq(loans.id, loanId));
}
