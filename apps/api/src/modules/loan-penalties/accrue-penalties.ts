import { sql } from 'drizzle-orm';
import { penaltyCharges, type IsoDate, type Kobo, type LoanPenaltyRule, type PenaltyCharge, type PenaltyInstalment } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { openDay } from '../ledger/open-day.ts';
import { penaltyRuleOfRow } from './penalty-columns.ts';

/** Who the job's entries are recorded as made by: an officer who pressed "Run now", or the schedule. */
export type PenaltyRunner = { id: string | null };

export type PenaltyRunResult = { businessDate: IsoDate; loans: number; charges: number; amountKobo: Kobo };

/** Two runs at once (two instances, or the timer and "Run now") queue on this lock, so each sees what the other charged. */
const PENALTY_LOCK = 33_028;

type InstalmentRow = {
  loan_id: string;
  number: number;
  due_date: IsoDate;
  amount_kobo: string | number;
  penalty_kind: 'flat' | 'percent';
  penalty_value: string | number;
  penalty_frequency: 'once' | 'monthly';
  penalty_grace_days: number;
  penalty_cap_kind: 'amount' | 'percent' | null;
  penalty_cap_value: string | number | null;
  penalty_order: 'first' | 'after_principal';
};

/**
 * The daily penalty job (issue 33) for `businessDate`: every active loan whose product charges a
 * penalty gets the charges core's penaltyCharges says are due by that day and are still missing,
 * each loan's new charges one entry, Dr Penalties receivable / Cr Loan penalty income, valued on
 * the first open day from the business date. Set-based: one read of the instalments in arrears
 * past their grace, one of their repayments, one of the charges they have, then three inserts.
 * Safe to run twice, or on two instances at once: a transaction-scoped advisory lock queues the
 * runs, each reads after the other committed, and the unique key (loan, instalment, charge number)
 * refuses a charge twice (a run that found one taken rolls back whole, posting nothing).
 */
export async function accruePenalties(db: Database, runner: PenaltyRunner, businessDate: IsoDate): Promise<PenaltyRunResult> {
  return db.transaction((tx) => accrueIn(tx, runner, businessDate));
}

export async function accrueIn(tx: Transaction, runner: PenaltyRunner, businessDate: IsoDate): Promise<PenaltyRunResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PENALTY_LOCK})`);
  // Instalments still owing whose first charge day (the day after the grace) has come.
  const rows = await queryRows<InstalmentRow>(
    tx,
    // Issue 33 (loans without interest, docs/decisions/056): a murabaha product's late-payment
    // charity donation is its penalty when it sets no other (a % of the overdue amount or a fixed sum, once).
    sql`select i.loan_id, i.number, i.due_date::text as due_date, i.principal_kobo + i.interest_kobo - i.interest_waived_kobo as amount_kobo,
               coalesce(p.penalty_kind, case p.charity_kind when 'fixed' then 'flat' else p.charity_kind end) as penalty_kind,
               coalesce(p.penalty_value, p.charity_value) as penalty_value,
               p.penalty_frequency, p.penalty_grace_days, p.penalty_cap_kind, p.penalty_cap_value, p.penalty_order
        from loan_instalments i
        join loans l on l.id = i.loan_id and l.status = 'active'
        join loan_products p on p.id = l.product_id and coalesce(p.penalty_kind, p.charity_kind) is not null
        where i.due_date < ${businessDate}::date - p.penalty_grace_days
          and (i.principal_paid_kobo < i.principal_kobo or i.interest_paid_kobo + i.interest_waived_kobo < i.interest_kobo)
        order by i.loan_id, i.number`,
  );
  const empty = { businessDate, loans: 0, charges: 0, amountKobo: 0 as Kobo };
  if (rows.length === 0) return empty;
  const loanIds = JSON.stringify([...new Set(rows.map((row) => row.loan_id))]);
  const inLoans = sql`(select value::uuid from jsonb_array_elements_text(${loanIds}::jsonb))`;
  // What was paid towards each of those instalments, and when: the standing repayments' lines.
  const payments = await queryRows<{ loan_id: string; number: number; value_date: IsoDate; amount_kobo: string | number }>(
    tx,
    sql`select t.loan_id, (line->>'number')::int as number, t.value_date::text as value_date,
               sum((line->>'interest')::bigint + (line->>'principal')::bigint) as amount_kobo
        from loan_transactions t cross join lateral jsonb_array_elements(t.allocation->'lines') as line
        where t.loan_id in ${inLoans} and t.type = 'repayment' and t.reverses_id is null
          and not exists (select 1 from loan_transactions r where r.reverses_id = t.id)
        group by t.loan_id, (line->>'number')::int, t.value_date`,
  );
  const existing = await queryRows<{ loan_id: string; instalment_number: number; charge_number: number }>(
    tx,
    sql`select loan_id, instalment_number, charge_number from loan_penalty_charges where loan_id in ${inLoans}`,
  );
  const taken = new Set(existing.map((row) => `${row.loan_id}:${row.instalment_number}:${row.charge_number}`));
  const paidBy = new Map<string, { date: IsoDate; amount: Kobo }[]>();
  for (const payment of payments) {
    const key = `${payment.loan_id}:${payment.number}`;
    const list = paidBy.get(key) ?? [];
    list.push({ date: payment.value_date, amount: Number(payment.amount_kobo) as Kobo });
    paidBy.set(key, list);
  }

  const byLoan = new Map<string, { rule: LoanPenaltyRule; instalments: PenaltyInstalment[] }>();
  for (const row of rows) {
    const loan = byLoan.get(row.loan_id) ?? { rule: ruleOf(row), instalments: [] };
    loan.instalments.push({ number: row.number, dueDate: row.due_date, amount: Number(row.amount_kobo) as Kobo, payments: paidBy.get(`${row.loan_id}:${row.number}`) ?? [] });
    byLoan.set(row.loan_id, loan);
  }
  const fresh: (PenaltyCharge & { loanId: string })[] = [];
  for (const [loanId, loan] of byLoan) {
    for (const charge of penaltyCharges(loan.instalments, loan.rule, businessDate)) {
      if (!taken.has(`${loanId}:${charge.instalment}:${charge.chargeNumber}`)) fresh.push({ ...charge, loanId });
    }
  }
  if (fresh.length === 0) return empty;

  const valueDate = await openDay(tx, 'scheme', businessDate);
  const totals = new Map<string, number>();
  for (const charge of fresh) totals.set(charge.loanId, (totals.get(charge.loanId) ?? 0) + charge.amount);
  const entries = JSON.stringify([...totals].map(([loanId, amount]) => ({ loan_id: loanId, amount_kobo: amount })));
  const written = await queryRows<{ id: string; loan_id: string }>(
    tx,
    sql`with e as (select * from json_to_recordset(${entries}::json) as e(loan_id uuid, amount_kobo bigint))
        insert into journal_entries (book, value_date, source_type, source_id, narration, created_by_id)
        select 'scheme', ${valueDate}::date, 'penalty', e.loan_id, 'Loan penalty · ' || a.holder_name || ' · ' || l.product_name, ${runner.id}
        from e join loans l on l.id = e.loan_id join savings_accounts a on a.id = l.account_id
        order by l.seq
        returning id::text, source_id::text as loan_id`,
  );
  const entryOf = new Map(written.map((entry) => [entry.loan_id, entry.id]));
  await tx.execute(sql`
    with e as (select * from json_to_recordset(${JSON.stringify(written.map((entry) => ({ id: entry.id, loan_id: entry.loan_id, amount_kobo: totals.get(entry.loan_id) })))}::json) as e(id uuid, loan_id uuid, amount_kobo bigint))
    insert into journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    select e.id, side.line_no, side.account_id, null, side.sign * e.amount_kobo, ${valueDate}::date
    from e join loans l on l.id = e.loan_id cross join lateral (
      select 1 as line_no, (select account_id from ledger_mappings where key = 'loans.penalty_receivable') as account_id, 1 as sign
      union all
      -- Issue 33: a murabaha's late-payment charge is owed to charity, never income (docs/decisions/056).
      select 2, (select account_id from ledger_mappings where key = case when l.kind = 'murabaha' then 'loans.charity_payable' else 'loans.penalty_income' end), -1
    ) side`);
  const charges = JSON.stringify(
    fresh.map((charge) => ({
      loan_id: charge.loanId,
      instalment_number: charge.instalment,
      charge_number: charge.chargeNumber,
      charge_date: charge.chargeDate,
      amount_kobo: charge.amount,
      entry_id: entryOf.get(charge.loanId),
    })),
  );
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into loan_penalty_charges (loan_id, instalment_number, charge_number, charge_date, amount_kobo, entry_id)
        select c.loan_id, c.instalment_number, c.charge_number, c.charge_date, c.amount_kobo, c.entry_id
        from json_to_recordset(${charges}::json) as c(loan_id uuid, instalment_number int, charge_number int, charge_date date, amount_kobo bigint, entry_id uuid)
        order by c.loan_id, c.instalment_number, c.charge_number
        on conflict (loan_id, instalment_number, charge_number) do nothing
        returning id::text`,
  );
  // Only under a lock this cannot happen; without one, the entries above would post a charge twice.
  if (inserted.length !== fresh.length) throw new Error('a penalty charge was made by another run at the same time');
  return { businessDate, loans: totals.size, charges: fresh.length, amountKobo: fresh.reduce((sum, charge) => sum + charge.amount, 0) as Kobo };
}

function ruleOf(row: InstalmentRow): LoanPenaltyRule {
  return penaltyRuleOfRow({
    penaltyKind: row.penalty_kind,
    penaltyValue: Number(row.penalty_value),
    penaltyFrequency: row.penalty_frequency,
    penaltyGraceDays: row.penalty_grace_days,
    penaltyCapKind: row.penalty_cap_kind,
    penaltyCapValue: row.penalty_cap_value === null ? null : Number(row.penalty_cap_value),
    penaltyOrder: row.penalty_order,
  }) as LoanPenaltyRule;
}
