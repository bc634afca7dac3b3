import { sql } from 'drizzle-orm';
import type { EarlyPaymentRule, InstalmentPosition, IsoDate, Kobo, LoanPosition, OverpaymentRule } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/** An active loan where it stands, for allocating a repayment: its instalments are those still owing. */
export type ActiveLoan = { loanId: string; accountId: string; disbursedOn: string; position: LoanPosition };

type LoanRow = {
  loan_id: string;
  account_id: string;
  disbursed_on: string;
  fee_outstanding_kobo: string | number;
  overpayment: OverpaymentRule;
  early_payment: EarlyPaymentRule;
  schedule: string | null;
  penalty_outstanding_kobo: string | number;
  penalty_order: 'first' | 'after_principal';
};

/**
 * Every active loan of the given accounts, oldest first per account, with its instalments still
 * owing something (for allocating a repayment; a settled one would allocate nothing). One
 * row per loan, its instalments packed into one text column ('<number> <due date> <principal>
 * <interest> <principal paid> <interest paid> <interest waived>', comma-separated, by number):
 * a run's 10,000 loans carry about 180,000 instalments, and reading them as rows cost the driver
 * about a second to parse, JSON built per loan still more (npm run bench:batch, BENCH_PRODUCTS=3).
 * With `lock`, the loans' rows are locked FOR UPDATE in id order first (as a single repayment
 * locks its loan), so what is read is what the posting allocates.
 */
export async function activeLoansOf(db: Database | Transaction, accountIds: readonly string[], options: { lock?: boolean } = {}): Promise<Map<string, ActiveLoan[]>> {
  const byAccount = new Map<string, ActiveLoan[]>();
  if (accountIds.length === 0) return byAccount;
  if (options.lock) await lockActiveLoans(db, accountIds);
  const loans = await queryRows<LoanRow>(
    db,
    sql`select l.id as loan_id, l.account_id, l.disbursed_value_date::text as disbursed_on, l.fee_outstanding_kobo, l.overpayment, l.early_payment,
               -- Issue 33: penalties owed, and when the product pays them.
               coalesce((select sum(c.amount_kobo - c.paid_kobo - c.waived_kobo) from loan_penalty_charges c where c.loan_id = l.id), 0) as penalty_outstanding_kobo,
               (select p.penalty_order from loan_products p where p.id = l.product_id) as penalty_order,
               (select string_agg(concat_ws(' ', i.number, i.due_date::text, i.principal_kobo, i.interest_kobo, i.principal_paid_kobo, i.interest_paid_kobo, i.interest_waived_kobo), ',' order by i.number)
                from loan_instalments i
                -- Settled instalments (nothing owed, by the table's checks never less) change no
                -- allocation, due or payoff: leaving them out spares reading a third of a run's.
                where i.loan_id = l.id and (i.principal_paid_kobo < i.principal_kobo or i.interest_paid_kobo + i.interest_waived_kobo < i.interest_kobo)) as schedule
        from loans l
        where l.status = 'active' and l.account_id in ${accountsAmong(accountIds)}
        order by l.seq`,
  );
  for (const row of loans) {
    const loan: ActiveLoan = {
      loanId: row.loan_id,
      accountId: row.account_id,
      disbursedOn: row.disbursed_on,
      position: {
        feeOutstanding: Number(row.fee_outstanding_kobo) as Kobo,
        overpayment: row.overpayment,
        earlyPayment: row.early_payment,
        instalments: row.schedule ? scheduleOf(row.schedule) : [],
        penaltyOutstanding: Number(row.penalty_outstanding_kobo) as Kobo,
        penaltyOrder: row.penalty_order,
      },
    };
    const list = byAccount.get(row.account_id) ?? [];
    list.push(loan);
    byAccount.set(row.account_id, list);
  }
  return byAccount;
}

/** The given account ids as a subquery, each once: `account_id in ${accountsAmong(ids)}`. */
function accountsAmong(accountIds: readonly string[]) {
  return sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(accountIds)])}::jsonb))`;
}

/** The active loans of the given accounts locked FOR UPDATE in id order, as a single repayment locks its loan. */
export async function lockActiveLoans(db: Database | Transaction, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db.execute(sql`
    select id from loans
    where status = 'active' and account_id in ${accountsAmong(accountIds)}
    order by id for update`);
}

/**
 * What the active loans of the given accounts have due on `valueDate`, per account: core's
 * amountDue (the fee outstanding and every instalment due in the value date's month or before,
 * less what was paid or waived) summed in the database over the loans disbursed by then, in exact
 * integer arithmetic. The run's Prepare and the payroll advice need only this figure, and reading
 * 10,000 loans' 180,000 instalments to add them up in JS cost about a second (issue 30's bench).
 */
export async function loansDueOf(db: Database | Transaction, accountIds: readonly string[], valueDate: IsoDate): Promise<Map<string, Kobo>> {
  const due = new Map<string, Kobo>();
  if (accountIds.length === 0) return due;
  const rows = await queryRows<{ account_id: string; due_kobo: string | number }>(
    db,
    sql`select l.account_id,
               sum(l.fee_outstanding_kobo
                 + coalesce((select sum(c.amount_kobo - c.paid_kobo - c.waived_kobo) from loan_penalty_charges c where c.loan_id = l.id), 0)
                 + coalesce((
                 select sum(i.interest_kobo - i.interest_paid_kobo - i.interest_waived_kobo + i.principal_kobo - i.principal_paid_kobo)
                 from loan_instalments i
                 -- Due from the start of its month: before the first day of the month after the value date's.
                 where i.loan_id = l.id and i.due_date < (to_char(${valueDate}::date, 'YYYY-MM-01')::date + interval '1 month')::date), 0)) as due_kobo
        from loans l
        where l.status = 'active' and l.disbursed_value_date <= ${valueDate}::date
          and l.account_id in ${accountsAmong(accountIds)}
        group by l.account_id`,
  );
  for (const row of rows) due.set(row.account_id, Number(row.due_kobo) as Kobo);
  return due;
}

/**
 * The packed schedule's instalments (activeLoansOf says how it is packed), the database's bigint
 * and date columns as loan-views' positionOf reads them. One pass over the text: splitting it by
 * instalment and then by field made seven strings per instalment, and a run's 172,000 instalments
 * took about 50 ms and their garbage against about 17 ms read in place.
 */
export function scheduleOf(text: string): InstalmentPosition[] {
  const instalments: InstalmentPosition[] = [];
  let at = 0;
  /** The integer at `at` (a minus sign, then digits), stepping past it and the separator after it. */
  const integer = (): number => {
    let code = text.charCodeAt(at);
    const negative = code === 45;
    if (negative) code = text.charCodeAt(++at);
    let value = 0;
    while (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      code = text.charCodeAt(++at);
    }
    at += 1;
    return negative ? -value : value;
  };
  while (at < text.length) {
    const number = integer();
    const dateEnd = text.indexOf(' ', at);
    const dueDate = text.slice(at, dateEnd) as IsoDate;
    at = dateEnd + 1;
    instalments.push({
      number,
      dueDate,
      principal: integer() as Kobo,
      interest: integer() as Kobo,
      principalPaid: integer() as Kobo,
      interestPaid: integer() as Kobo,
      interestWaived: integer() as Kobo,
    });
  }
  return instalments;
}
