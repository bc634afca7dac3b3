import { sql } from 'drizzle-orm';
import type { Kobo, LoanPenaltyRule } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

export type PenaltyPosition = { outstanding: Kobo; order: LoanPenaltyRule['order'] };

/**
 * What each loan owes in penalties (charged, less paid and waived: the view loan_penalty_balances'
 * penalty_outstanding_kobo) and when its product says a repayment pays them. The payoff quote and
 * the repayments read it; a loan with no charge owes 0.
 */
export async function penaltyPositionsOf(db: Database | Transaction, loanIds: readonly string[]): Promise<Map<string, PenaltyPosition>> {
  const positions = new Map<string, PenaltyPosition>();
  if (loanIds.length === 0) return positions;
  const rows = await queryRows<{ loan_id: string; outstanding: string | number; penalty_order: LoanPenaltyRule['order'] }>(
    db,
    sql`select l.id as loan_id, coalesce(b.penalty_outstanding_kobo, 0) as outstanding, p.penalty_order
        from loans l join loan_products p on p.id = l.product_id
        left join loan_penalty_balances b on b.loan_id = l.id
        where l.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(loanIds)])}::jsonb))`,
  );
  for (const row of rows) positions.set(row.loan_id, { outstanding: Number(row.outstanding) as Kobo, order: row.penalty_order });
  return positions;
}

/** Penalties owed by one loan; 0 when none (for the payoff quote). */
export async function penaltyOutstandingOf(db: Database | Transaction, loanId: string): Promise<Kobo> {
  return (await penaltyPositionsOf(db, [loanId])).get(loanId)?.outstanding ?? (0 as Kobo);
}

/**
 * Marks penalties paid by repayments: each loan's amount over its charges still owing, oldest
 * charge first (by charge day, instalment, charge number). One statement however many loans; the
 * caller holds each loan's row lock and never pays more than the loan owes.
 */
export async function payPenalties(tx: Transaction, payments: readonly { loanId: string; amountKobo: Kobo }[]): Promise<void> {
  const paying = payments.filter((payment) => payment.amountKobo > 0);
  if (paying.length === 0) return;
  await tx.execute(sql`
    with p as (select * from json_to_recordset(${JSON.stringify(paying.map((payment) => ({ loan_id: payment.loanId, amount: payment.amountKobo })))}::json) as p(loan_id uuid, amount bigint)),
    o as (
      select c.id, c.loan_id, c.amount_kobo - c.paid_kobo - c.waived_kobo as owed,
             sum(c.amount_kobo - c.paid_kobo - c.waived_kobo) over (partition by c.loan_id order by c.charge_date, c.instalment_number, c.charge_number)
               - (c.amount_kobo - c.paid_kobo - c.waived_kobo) as before
      from loan_penalty_charges c
      where c.loan_id in (select loan_id from p) and c.amount_kobo - c.paid_kobo - c.waived_kobo > 0
    )
    update loan_penalty_charges c
    set paid_kobo = c.paid_kobo + least(o.owed, p.amount - o.before)
    from o join p on p.loan_id = o.loan_id
    where c.id = o.id and p.amount > o.before`);
}

/**
 * Puts back penalties a reversed repayment paid: newest charge paid first, the mirror of
 * payPenalties (reversals go newest repayment first, so this undoes exactly what it paid).
 */
export async function unpayPenalties(tx: Transaction, reversals: readonly { loanId: string; amountKobo: Kobo }[]): Promise<void> {
  const undoing = reversals.filter((reversal) => reversal.amountKobo > 0);
  if (undoing.length === 0) return;
  await tx.execute(sql`
    with p as (select * from json_to_recordset(${JSON.stringify(undoing.map((reversal) => ({ loan_id: reversal.loanId, amount: reversal.amountKobo })))}::json) as p(loan_id uuid, amount bigint)),
    o as (
      select c.id, c.loan_id, c.paid_kobo,
             sum(c.paid_kobo) over (partition by c.loan_id order by c.charge_date desc, c.instalment_number desc, c.charge_number desc) - c.paid_kobo as before
      from loan_penalty_charges c
      where c.loan_id in (select loan_id from p) and c.paid_kobo > 0
    )
    update loan_penalty_charges c
    set paid_kobo = c.paid_kobo - least(o.paid_kobo, p.amount - o.before)
    from o join p on p.loan_id = o.loan_id
    where c.id = o.id and p.amount > o.before`);
}
