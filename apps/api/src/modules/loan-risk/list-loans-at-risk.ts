import { sql } from 'drizzle-orm';
import { calendarDate, classify, provisionKobo, provisionRateBp, type IsoDate, type LoanAtRiskRow } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { loanPositionsSql } from './loan-positions-sql.ts';
import { readRiskSettings } from './risk-settings.ts';

/** The most loans answered at once: the most days in arrears first. */
export const MAX_LOANS_AT_RISK = 200;

type Row = { loan_id: string; outstanding: string; days: number; product_name: string; user_id: string | null; name: string; staff_id: string | null };

/** Each active loan in arrears with its classification and provision (core's classify), most days first, then most owed. */
export async function listLoansAtRisk(deps: { db: Database; now: () => Date; timeZone: string }, asOf?: IsoDate): Promise<LoanAtRiskRow[]> {
  const day = asOf ?? calendarDate(deps.now(), deps.timeZone);
  const settings = await readRiskSettings(deps.db);
  const rows = await queryRows<Row>(
    deps.db,
    sql`
      with positions as (${loanPositionsSql(day)})
      select p.loan_id::text, p.outstanding, p.days, l.product_name, a.user_id, coalesce(u.name, a.holder_name) as name, coalesce(u.staff_id, a.staff_id) as staff_id
      from positions p
      join loans l on l.id = p.loan_id
      join savings_accounts a on a.id = l.account_id
      left join users u on u.id = a.user_id
      where p.days > 0
      order by p.days desc, p.outstanding desc, l.seq
      limit ${MAX_LOANS_AT_RISK}`,
  );
  return rows.map((row) => {
    const outstanding = koboFromDb(row.outstanding);
    const classification = classify(row.days, settings);
    return {
      loanId: row.loan_id,
      borrower: { userId: row.user_id, name: row.name, staffId: row.staff_id },
      productName: row.product_name,
      outstandingPrincipalKobo: outstanding,
      daysInArrears: row.days,
      classification,
      provisionKobo: provisionKobo(outstanding, provisionRateBp(classification, settings)),
    };
  });
}
