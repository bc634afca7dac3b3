import { sql } from 'drizzle-orm';
import type { Kobo, LoanPosition, OverpaymentRule } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/** An active loan where it stands, for allocating a repayment. */
export type ActiveLoan = { loanId: string; accountId: string; disbursedOn: string; position: LoanPosition };

type Row = {
  loan_id: string;
  account_id: string;
  disbursed_on: string;
  fee_outstanding_kobo: string | number;
  overpayment: OverpaymentRule;
  instalments: { number: number; due_date: string; principal: number; interest: number; principal_paid: number; interest_paid: number; interest_waived: number }[];
};

/**
 * Every active loan of the given accounts, oldest first per account, with its instalments: one
 * query however many members a run names. With `lock`, the loans' rows are locked FOR UPDATE in id
 * order first (as a single repayment locks its loan), so what is read is what the posting allocates.
 */
export async function activeLoansOf(db: Database | Transaction, accountIds: readonly string[], options: { lock?: boolean } = {}): Promise<Map<string, ActiveLoan[]>> {
  const ids = JSON.stringify([...new Set(accountIds)]);
  if (options.lock) {
    await db.execute(sql`
      select id from loans
      where status = 'active' and account_id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      order by id
      for update`);
  }
  const rows = await queryRows<Row>(
    db,
    sql`select l.id as loan_id, l.account_id, l.disbursed_value_date::text as disbursed_on, l.fee_outstanding_kobo, l.overpayment,
               (select jsonb_agg(jsonb_build_object(
                  'number', i.number, 'due_date', i.due_date, 'principal', i.principal_kobo, 'interest', i.interest_kobo,
                  'principal_paid', i.principal_paid_kobo, 'interest_paid', i.interest_paid_kobo, 'interest_waived', i.interest_waived_kobo)
                  order by i.number)
                from loan_instalments i where i.loan_id = l.id) as instalments
        from loans l
        where l.status = 'active' and l.account_id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
        order by l.seq`,
  );
  const byAccount = new Map<string, ActiveLoan[]>();
  for (const row of rows) {
    const loan: ActiveLoan = {
      loanId: row.loan_id,
      accountId: row.account_id,
      disbursedOn: row.disbursed_on,
      position: {
        feeOutstanding: Number(row.fee_outstanding_kobo) as Kobo,
        overpayment: row.overpayment,
        instalments: (row.instalments ?? []).map((instalment) => ({
          number: instalment.number,
          dueDate: instalment.due_date,
          principal: instalment.principal as Kobo,
          interest: instalment.interest as Kobo,
          principalPaid: instalment.principal_paid as Kobo,
          interestPaid: instalment.interest_paid as Kobo,
          interestWaived: instalment.interest_waived as Kobo,
        })),
      },
    };
    byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), loan]);
  }
  return byAccount;
}
