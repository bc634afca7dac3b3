import { sql } from 'drizzle-orm';
import type { IsoDate, Kobo, RepaymentAllocation } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { payPenalties } from '../loan-penalties/penalty-balances.ts';

/** One repayment, allocated by core, to be written. */
export type RepaymentEntry = {
  loanId: string;
  amountKobo: Kobo;
  valueDate: IsoDate;
  allocation: RepaymentAllocation;
  /** Nothing left to pay once this is stored: the loan becomes repaid. */
  repaid: boolean;
  batchId: string | null;
  /** Issue 33: the top-up whose disbursement paid this loan off (docs/decisions/052). */
  paidByLoanId?: string | null;
};

/**
 * Writes allocated repayments in three set-based statements, however many there are (a monthly
 * run posts thousands): the instalments' paid and waived totals, the fee outstanding and status of
 * the loans whose fee or status changes, and the append-only ledger entries. The caller holds each
 * loan's row lock and allocated from what it read under it; each loan appears at most once per
 * call, so no instalment row is matched twice by one UPDATE. Returns each loan's new entry id: a
 * caller that links to it must not look it up by its time, which another repayment may share.
 */
export async function storeRepayments(tx: Transaction, actor: Actor, at: Date, entries: readonly RepaymentEntry[]): Promise<Map<string, string>> {
  if (entries.length === 0) return new Map();
  if (new Set(entries.map((entry) => entry.loanId)).size !== entries.length) throw new Error('a loan was repaid twice in one call');
  const lines = JSON.stringify(
    entries.flatMap((entry) =>
      entry.allocation.lines.map((line) => ({ loan_id: entry.loanId, number: line.number, interest: line.interest, principal: line.principal, waived: line.interestWaived })),
    ),
  );
  await tx.execute(sql`
    update loan_instalments i
    set interest_paid_kobo = i.interest_paid_kobo + l.interest,
        principal_paid_kobo = i.principal_paid_kobo + l.principal,
        interest_waived_kobo = i.interest_waived_kobo + l.waived
    from json_to_recordset(${lines}::json) as l(loan_id uuid, number int, interest bigint, principal bigint, waived bigint)
    where i.loan_id = l.loan_id and i.number = l.number`);
  const rows = JSON.stringify(
    entries.map((entry) => ({
      loan_id: entry.loanId,
      amount_kobo: entry.amountKobo,
      value_date: entry.valueDate,
      allocation: entry.allocation,
      batch_id: entry.batchId,
      paid_by_loan_id: entry.paidByLoanId ?? null,
    })),
  );
  // Only loans whose fee or status changes: a run's usual repayment pays instalments alone, and
  // rewriting 10,000 unchanged loan rows (four indexes each) cost a batch about 150 ms.
  const changed = entries.filter((entry) => entry.allocation.fee > 0 || entry.repaid);
  if (changed.length > 0) {
    const loans = JSON.stringify(changed.map((entry) => ({ loan_id: entry.loanId, fee: entry.allocation.fee, repaid: entry.repaid })));
    await tx.execute(sql`
      update loans l
      set fee_outstanding_kobo = l.fee_outstanding_kobo - e.fee,
          status = case when e.repaid then 'repaid' else l.status end
      from json_to_recordset(${loans}::json) as e(loan_id uuid, fee bigint, repaid boolean)
      where l.id = e.loan_id`);
  }
  const inserted = await queryRows<{ id: string; loan_id: string }>(
    tx,
    sql`insert into loan_transactions (loan_id, type, amount_kobo, value_date, allocation, batch_id, paid_by_loan_id, created_by_id, created_by_email, created_at)
        select e.loan_id, 'repayment', e.amount_kobo, e.value_date, e.allocation::jsonb, e.batch_id, e.paid_by_loan_id, ${actor.id}, ${actor.email}, ${at.toISOString()}
        -- The allocation read as json and cast: json_to_recordset builds a jsonb field twice as slowly.
        from json_to_recordset(${rows}::json) as e(loan_id uuid, amount_kobo bigint, value_date date, allocation json, batch_id uuid, paid_by_loan_id uuid)
        returning id::text, loan_id::text`,
  );
  // Issue 33: the penalties each repayment paid, oldest charge first.
  await payPenalties(tx, entries.map((entry) => ({ loanId: entry.loanId, amountKobo: entry.allocation.penalty ?? (0 as Kobo) })));
  return new Map(inserted.map((row) => [row.loan_id, row.id]));
}
