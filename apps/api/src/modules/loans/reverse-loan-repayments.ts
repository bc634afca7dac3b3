import { sql } from 'drizzle-orm';
import { AppError, MESSAGES, type IsoDate, type Kobo } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { unpayPenalties } from '../loan-penalties/penalty-balances.ts';

export type LoanReversal = { actor: Actor; originalIds: string[]; reason: string; valueDate: IsoDate; at: Date };

/**
 * Undoes repayments (issue 12: "reversal follows the savings reversal rules"): each gets a new,
 * linked ledger entry carrying the allocation it undoes, and the instalments, fee and status go
 * back to where they stood before it; nothing is edited or deleted. Set-based, so a run's
 * thousands of repayments are a handful of statements. Inside the caller's transaction:
 * - the loans are locked FOR UPDATE in id order (as a repayment locks its loan);
 * - a written-off loan's entries stay as they are;
 * - a repayment with a later repayment on its loan still standing is refused: allocations are
 *   undone newest first, so what is put back is exactly what it took;
 * - the unique index on reverses_id makes a second reversal of the same entry fail (ALREADY_REVERSED).
 * Returns the loans touched.
 */
export async function reverseLoanRepayments(tx: Transaction, reversal: LoanReversal): Promise<string[]> {
  if (reversal.originalIds.length === 0) return [];
  const ids = JSON.stringify(reversal.originalIds);
  const loans = await queryRows<{ id: string; status: string }>(tx, sql`
    select id, status from loans
    where id in (select loan_id from loan_transactions where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb)))
    order by id
    for update`);
  if (loans.some((loan) => loan.status === 'written_off')) throw new AppError('LOAN_REVERSAL_REFUSED', { message: MESSAGES.loanClosedForReversal });
  // Undoing a repayment restores part of the borrower's lien: their withdrawals wait for it, then see it.
  await tx.execute(sql`
    select a.id from savings_accounts a
    where a.id in (select account_id from loans where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(loans.map((loan) => loan.id))}::jsonb)))
    order by a.id
    for no key update`);
  const [later] = await queryRows<{ id: string }>(tx, sql`
    select later.id from loan_transactions t
    join loan_transactions later on later.loan_id = t.loan_id and later.seq > t.seq and later.type = 'repayment' and later.reverses_id is null
    where t.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      and later.id not in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      and not exists (select 1 from loan_transactions r where r.reverses_id = later.id)
    limit 1`);
  if (later) throw new AppError('LOAN_REVERSAL_REFUSED', { message: MESSAGES.laterRepaymentFirst });

  try {
    await tx.execute(sql`
      insert into loan_transactions (loan_id, type, amount_kobo, value_date, allocation, reverses_id, reason, created_by_id, created_by_email, created_at)
      select t.loan_id, t.type, t.amount_kobo, ${reversal.valueDate}, t.allocation, t.id, ${reversal.reason}, ${reversal.actor.id}, ${reversal.actor.email}, ${reversal.at.toISOString()}
      from loan_transactions t
      where t.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      order by t.seq`);
  } catch (error) {
    if (isUniqueViolation(error, 'loan_transactions_reverses_key')) throw new AppError('ALREADY_REVERSED');
    throw error;
  }
  await tx.execute(sql`
    with lines as (
      select t.loan_id, (line->>'number')::int as number,
             sum((line->>'interest')::bigint) as interest, sum((line->>'principal')::bigint) as principal,
             sum((line->>'interestWaived')::bigint) as waived
      from loan_transactions t cross join lateral jsonb_array_elements(t.allocation->'lines') as line
      where t.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      group by t.loan_id, (line->>'number')::int
    )
    update loan_instalments i
    set interest_paid_kobo = i.interest_paid_kobo - lines.interest,
        principal_paid_kobo = i.principal_paid_kobo - lines.principal,
        interest_waived_kobo = i.interest_waived_kobo - lines.waived
    from lines
    where i.loan_id = lines.loan_id and i.number = lines.number`);
  await tx.execute(sql`
    with fees as (
      select t.loan_id, sum((t.allocation->>'fee')::bigint) as fee
      from loan_transactions t
      where t.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      group by t.loan_id
    )
    update loans l
    set fee_outstanding_kobo = l.fee_outstanding_kobo + fees.fee, status = 'active'
    from fees
    where l.id = fees.loan_id`);
  // Issue 33: the penalties the repayments paid are owed again.
  const penalties = await queryRows<{ loan_id: string; penalty: string | number }>(tx, sql`
    select t.loan_id, sum((t.allocation->>'penalty')::bigint) as penalty
    from loan_transactions t
    where t.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb)) and t.allocation ? 'penalty'
    group by t.loan_id`);
  await unpayPenalties(tx, penalties.map((row) => ({ loanId: row.loan_id, amountKobo: Number(row.penalty) as Kobo })));
  return loans.map((loan) => loan.id);
}
