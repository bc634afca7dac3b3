import { sql, type SQL } from 'drizzle-orm';
import { LOAN_STATUS_FILTERS, LOAN_STATUS_LABELS, ROLES, asKobo, can, type IsoDate, type PackLoans, type PackOfficer, type Role } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { instalmentOwedSql } from '../loans/owed-sql.ts';

type LoanStatus = (typeof LOAN_STATUS_FILTERS)[number];

/** Officers, by what their role may do: the admin's settings or the savings officer's work (core's permissions, not role names). */
export const OFFICER_ROLES: readonly Role[] = ROLES.filter((role) => can(role, 'manage_staff_savings') || can(role, 'manage_settings'));

/** Arrears ageing bands in days past the oldest unpaid due date (the usual portfolio-at-risk cuts). */
const BANDS = [
  { label: '1–30 days', fromDays: 1, toDays: 30 },
  { label: '31–60 days', fromDays: 31, toDays: 60 },
  { label: '61–90 days', fromDays: 61, toDays: 90 },
  { label: '91–180 days', fromDays: 91, toDays: 180 },
  { label: 'Over 180 days', fromDays: 181, toDays: null },
] as const;

/**
 * Each loan's position on `today`, as the portfolio reads it (modules/loans/loan-portfolio.ts):
 * principal not yet repaid, all it still owes (with the fee), and what is overdue (unpaid after
 * its due date, the day after being the first day in arrears). Only an active loan owes anything.
 */
function positionsSql(today: IsoDate, onlyLoans: SQL = sql`true`) {
  return sql`
    select l.id as loan_id,
           coalesce(sum(i.principal_kobo - i.principal_paid_kobo), 0)::bigint as principal_left,
           (coalesce(sum(${instalmentOwedSql}), 0) + l.fee_outstanding_kobo)::bigint as owed,
           coalesce(sum(${instalmentOwedSql}) filter (where i.due_date < ${today}::date and ${instalmentOwedSql} > 0), 0)::bigint as overdue,
           (count(*) filter (where i.due_date < ${today}::date and ${instalmentOwedSql} > 0))::int as overdue_count,
           min(i.due_date) filter (where i.due_date < ${today}::date and ${instalmentOwedSql} > 0) as oldest
    from loans l join loan_instalments i on i.loan_id = l.id
    where l.status = 'active' and ${onlyLoans}
    group by l.id`;
}

type OfficerRow = {
  user_id: string; name: string; staff_id: string | null; role: Role; active: boolean;
  loan_id: string | null; product_name: string | null; status: LoanStatus | null; principal_kobo: string | null; disbursed_on: string | null;
  principal_left: string | null; owed: string | null; overdue: string | null; overdue_count: number | null; days: number | null;
};

/** Every officer (active or not) and every loan they hold that was not refused or withdrawn; an officer without one lists none. */
export async function readOfficerLoans(db: Database, today: IsoDate): Promise<PackOfficer[]> {
  const officerRoles = sql`(select jsonb_array_elements_text(${JSON.stringify(OFFICER_ROLES)}::jsonb))`;
  // Only officers' loans are worked out: the scheme's other thousands are not read.
  const officersLoans = sql`l.account_id in (select a.id from savings_accounts a join users u on u.id = a.user_id where u.role in ${officerRoles})`;
  const rows = await queryRows<OfficerRow>(db, sql`
    with positions as (${positionsSql(today, officersLoans)})
    select u.id as user_id, u.name, u.staff_id, u.role, u.active,
           l.id as loan_id, l.product_name, l.status, l.principal_kobo, l.disbursed_value_date::text as disbursed_on,
           p.principal_left, p.owed, p.overdue, p.overdue_count, (${today}::date - p.oldest)::int as days
    from users u
    left join lateral (
      select l.* from loans l join savings_accounts a on a.id = l.account_id
      where a.user_id = u.id and l.status not in ('rejected', 'cancelled')) l on true
    left join positions p on p.loan_id = l.id
    where u.role in ${officerRoles}
    order by lower(u.name), u.id, l.seq`);
  const officers = new Map<string, PackOfficer>();
  for (const row of rows) {
    const officer = officers.get(row.user_id) ?? { userId: row.user_id, name: row.name, staffId: row.staff_id, role: row.role, active: row.active, loans: [] };
    officers.set(row.user_id, officer);
    if (!row.loan_id || !row.status) continue;
    officer.loans.push({
      loanId: row.loan_id,
      productName: row.product_name ?? '',
      status: row.status,
      principalKobo: koboFromDb(row.principal_kobo ?? 0),
      disbursedOn: row.disbursed_on,
      outstandingPrincipalKobo: koboFromDb(row.principal_left ?? 0),
      outstandingTotalKobo: koboFromDb(row.owed ?? 0),
      arrears: { amountOverdue: koboFromDb(row.overdue ?? 0), daysInArrears: row.days ?? 0, instalmentsOverdue: row.overdue_count ?? 0 },
    });
  }
  return [...officers.values()];
}

type StatusRow = { status: LoanStatus; count: number; principal: string; principal_left: string };
type BandRow = { band: number; loans: number; overdue: string; principal_left: string };

/** Loans by status (every status, ₦0 where none) and active loans in arrears aged into bands, both as on `today`. */
export async function readPackLoans(db: Database, today: IsoDate): Promise<PackLoans> {
  const bandCase = sql.raw(`case ${BANDS.map((band, index) => (band.toDays === null ? `else ${index}` : `when days <= ${band.toDays} then ${index}`)).join(' ')} end`);
  // One statement, so each loan's position is worked out once for both tables.
  const rows = await queryRows<StatusRow & BandRow & { what: 'status' | 'band' }>(db, sql`
    with positions as materialized (${positionsSql(today)}),
         late as (select *, (${today}::date - oldest)::int as days from positions where overdue > 0)
    select 'status' as what, l.status, null::int as band, count(*)::int as count, null::int as loans, sum(l.principal_kobo)::bigint as principal,
           coalesce(sum(p.principal_left), 0)::bigint as principal_left, null::bigint as overdue
    from loans l left join positions p on p.loan_id = l.id
    group by l.status
    union all
    select 'band', null, ${bandCase}, null, count(*)::int, null, sum(principal_left)::bigint, sum(overdue)::bigint
    from late group by 3`);
  const statuses = rows.filter((row) => row.what === 'status');
  const bands = rows.filter((row) => row.what === 'band');
  const ageing = BANDS.map((band, index) => {
    const row = bands.find((found) => Number(found.band) === index);
    return { ...band, loanCount: row?.loans ?? 0, overdueKobo: koboFromDb(row?.overdue ?? 0), outstandingPrincipalKobo: koboFromDb(row?.principal_left ?? 0) };
  });
  return {
    asOf: today,
    byStatus: LOAN_STATUS_FILTERS.map((status) => {
      const row = statuses.find((found) => found.status === status);
      return {
        status,
        label: LOAN_STATUS_LABELS[status],
        count: row?.count ?? 0,
        principalKobo: koboFromDb(row?.principal ?? 0),
        outstandingPrincipalKobo: koboFromDb(row?.principal_left ?? 0),
      };
    }),
    ageing,
    arrearsCount: ageing.reduce((sum, band) => sum + band.loanCount, 0),
    arrearsKobo: asKobo(ageing.reduce((sum, band) => sum + band.overdueKobo, 0)),
  };
}
