import { sql } from 'drizzle-orm';
import type { IsoDate, Kobo, RepaymentAllocation } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { pgArray } from '../../db/pg-array.ts';
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
  return writeRepayments(tx, actor, at, prepareRepayments(entries));
}

/** The statements' parameters for storeRepayments, built ahead of the writes. */
export type PreparedRepayments = {
  instalments: Record<'loanIds' | 'numbers' | 'interest' | 'principal' | 'waived', string>;
  /** Only loans whose fee or status changes, as JSON; null when none does. */
  changedLoans: string | null;
  ledger: Record<'loanIds' | 'amounts' | 'valueDates' | 'allocations' | 'batchIds' | 'paidByLoanIds', string>;
  penalties: { loanId: string; amountKobo: Kobo }[];
};

/**
 * What storeRepayments writes, as its statements' parameters: no database, so a run builds them
 * while the database writes its savings (post-batch.ts). A run's thousands of rows go as one array
 * parameter per column (db/pg-array.ts).
 */
export function prepareRepayments(entries: readonly RepaymentEntry[]): PreparedRepayments | null {
  if (entries.length === 0) return null;
  if (new Set(entries.map((entry) => entry.loanId)).size !== entries.length) throw new Error('a loan was repaid twice in one call');
  const lines = entries.flatMap((entry) => entry.allocation.lines.map((line) => ({ loanId: entry.loanId, line })));
  // A run's usual repayment pays instalments alone, and rewriting 10,000 unchanged loan rows (four
  // indexes each) cost a batch about 150 ms.
  const changed = entries.filter((entry) => entry.allocation.fee > 0 || entry.repaid);
  return {
    instalments: {
      loanIds: pgArray(lines.map(({ loanId }) => loanId)),
      numbers: pgArray(lines.map(({ line }) => line.number)),
      interest: pgArray(lines.map(({ line }) => line.interest)),
      principal: pgArray(lines.map(({ line }) => line.principal)),
      waived: pgArray(lines.map(({ line }) => line.interestWaived)),
    },
    changedLoans: changed.length > 0 ? JSON.stringify(changed.map((entry) => ({ loan_id: entry.loanId, fee: entry.allocation.fee, repaid: entry.repaid }))) : null,
    ledger: {
      loanIds: pgArray(entries.map((entry) => entry.loanId)),
      amounts: pgArray(entries.map((entry) => entry.amountKobo)),
      valueDates: pgArray(entries.map((entry) => entry.valueDate)),
      allocations: pgArray(entries.map((entry) => JSON.stringify(entry.allocation))),
      batchIds: pgArray(entries.map((entry) => entry.batchId)),
      paidByLoanIds: pgArray(entries.map((entry) => entry.paidByLoanId ?? null)),
    },
    penalties: entries.map((entry) => ({ loanId: entry.loanId, amountKobo: entry.allocation.penalty ?? (0 as Kobo) })),
  };
}

/** storeRepayments' writes, from what prepareRepayments built. */
export async function writeRepayments(tx: Transaction, actor: Actor, at: Date, prepared: PreparedRepayments | null): Promise<Map<string, string>> {
  if (!prepared) return new Map();
  const { instalments, ledger } = prepared;
  await tx.execute(sql`
    update loan_instalments i
    set interest_paid_kobo = i.interest_paid_kobo + l.interest,
        principal_paid_kobo = i.principal_paid_kobo + l.principal,
        interest_waived_kobo = i.interest_waived_kobo + l.waived
    from unnest(${instalments.loanIds}::uuid[], ${instalments.numbers}::int[], ${instalments.interest}::bigint[], ${instalments.principal}::bigint[],
                ${instalments.waived}::bigint[]) as l(loan_id, number, interest, principal, waived)
    where i.loan_id = l.loan_id and i.number = l.number`);
  if (prepared.changedLoans) {
    await tx.execute(sql`
      update loans l
      set fee_outstanding_kobo = l.fee_outstanding_kobo - e.fee,
          status = case when e.repaid then 'repaid' else l.status end
      from json_to_recordset(${prepared.changedLoans}::json) as e(loan_id uuid, fee bigint, repaid boolean)
      where l.id = e.loan_id`);
  }
  const inserted = await queryRows<{ id: string; loan_id: string }>(
    tx,
    sql`insert into loan_transactions (loan_id, type, amount_kobo, value_date, allocation, batch_id, paid_by_loan_id, created_by_id, created_by_email, created_at)
        select e.loan_id, 'repayment', e.amount_kobo, e.value_date, e.allocation::jsonb, e.batch_id, e.paid_by_loan_id, ${actor.id}, ${actor.email}, ${at.toISOString()}
        -- The allocation read as json and cast: read as jsonb, each is built about twice as slowly.
        from unnest(${ledger.loanIds}::uuid[], ${ledger.amounts}::bigint[], ${ledger.valueDates}::date[], ${ledger.allocations}::json[],
                    ${ledger.batchIds}::uuid[], ${ledger.paidByLoanIds}::uuid[])
             as e(loan_id, amount_kobo, value_date, allocation, batch_id, paid_by_loan_id)
        returning id::text, loan_id::text`,
  );
  // Issue 33: the penalties each repayment paid, oldest charge first.
  await payPenalties(tx, prepared.penalties);
  return new Map(inserted.map((row) => [row.loan_id, row.id]));
}
