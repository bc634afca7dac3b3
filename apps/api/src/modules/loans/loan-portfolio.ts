import { sql } from 'drizzle-orm';
import { calendarDate, currentMonth, lastDayOfMonth, type ArrearsRow, type IsoDate, type LoanPortfolio } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import type { LoanDeps } from './loan-deps.ts';
import { instalmentOwedSql } from './owed-sql.ts';

/** The most arrears rows answered at once: the worst first. */
export const MAX_ARREARS_ROWS = 200;

/**
 * Every active loan's overdue instalments (unpaid after their due date, as core's arrearsOn):
 * what they owe, how many, and the oldest due date. Summed in the database so the portfolio and
 * the arrears list stay fast with thousands of loans.
 */
function overdueSql(today: IsoDate) {
  return sql`
    select i.loan_id, sum(${instalmentOwedSql})::bigint as owed, count(*)::int as instalments, min(i.due_date) as oldest
    from loan_instalments i
    join loans l on l.id = i.loan_id and l.status = 'active'
    where i.due_date < ${today}::date and ${instalmentOwedSql} > 0
    group by i.loan_id`;
}

type PortfolioRow = {
  active_count: number;
  outstanding: string;
  disbursed: string;
  repaid: string;
  arrears_count: number;
  arrears_owed: string;
};

/** The officers' card: outstanding principal, this month's disbursements and repayments (by value date), and arrears. */
export async function readLoanPortfolio(deps: LoanDeps): Promise<LoanPortfolio> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const month = currentMonth(deps.now(), deps.timeZone);
  const monthStart = `${month}-01`;
  const monthEnd = lastDayOfMonth(month);
  const rows = await queryRows<PortfolioRow>(deps.db, sql`
    with overdue as (${overdueSql(today)})
    select
      (select count(*)::int from loans where status = 'active') as active_count,
      (select coalesce(sum(i.principal_kobo - i.principal_paid_kobo), 0)::bigint
         from loan_instalments i join loans l on l.id = i.loan_id and l.status = 'active') as outstanding,
      -- A reversal counts against the month it is valued in, as on the savings ledger.
      (select coalesce(sum(case when reverses_id is null then amount_kobo else -amount_kobo end), 0)::bigint from loan_transactions
         where type = 'disbursement' and value_date between ${monthStart}::date and ${monthEnd}::date) as disbursed,
      (select coalesce(sum(case when reverses_id is null then amount_kobo else -amount_kobo end), 0)::bigint from loan_transactions
         where type = 'repayment' and value_date between ${monthStart}::date and ${monthEnd}::date) as repaid,
      (select count(*)::int from overdue) as arrears_count,
      (select coalesce(sum(owed), 0)::bigint from overdue) as arrears_owed`);
  const row = rows[0] as PortfolioRow;
  return {
    activeCount: row.active_count,
    outstandingPrincipalKobo: koboFromDb(row.outstanding),
    disbursedThisMonthKobo: koboFromDb(row.disbursed),
    repaidThisMonthKobo: koboFromDb(row.repaid),
    arrearsCount: row.arrears_count,
    arrearsKobo: koboFromDb(row.arrears_owed),
    asOf: today,
  };
}

type ArrearsDbRow = {
  loan_id: string;
  owed: string;
  instalments: number;
  oldest: string;
  days: number;
  product_name: string;
  principal_kobo: string;
  user_id: string | null;
  name: string;
  staff_id: string | null;
};

/** Active loans in arrears, most days first (then most owed), with the borrower. */
export async function listArrears(deps: LoanDeps): Promise<ArrearsRow[]> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const rows = await queryRows<ArrearsDbRow>(deps.db, sql`
    with overdue as (${overdueSql(today)})
    select o.loan_id, o.owed, o.instalments, o.oldest::text as oldest, (${today}::date - o.oldest)::int as days,
           l.product_name, l.principal_kobo, a.user_id, coalesce(u.name, a.holder_name) as name, coalesce(u.staff_id, a.staff_id) as staff_id
    from overdue o
    join loans l on l.id = o.loan_id
    join savings_accounts a on a.id = l.account_id
    left join users u on u.id = a.user_id
    order by o.oldest asc, o.owed desc, l.seq asc
    limit ${MAX_ARREARS_ROWS}`);
  return rows.map((row) => ({
    loanId: row.loan_id,
    borrower: { userId: row.user_id, name: row.name, staffId: row.staff_id },
    productName: row.product_name,
    principalKobo: koboFromDb(row.principal_kobo),
    amountOverdueKobo: koboFromDb(row.owed),
    instalmentsOverdue: row.instalments,
    // The day after the due date is the first day in arrears (core's arrearsOn).
    daysInArrears: row.days,
    oldestDueDate: row.oldest as IsoDate,
  }));
}
