import { sql, type SQL } from 'drizzle-orm';
import type { IsoDate, LoanRiskSettings } from '@kobo/core';
import { instalmentOwedSql } from '../loans/owed-sql.ts';

/**
 * Every active loan's outstanding principal and days in arrears on `asOf`: the days since its
 * oldest instalment still owing after its due date (0 when none), as core's daysInArrears and the
 * arrears list count them. One pass over the active loans' instalments.
 */
export function loanPositionsSql(asOf: IsoDate): SQL {
  return sql`
    select i.loan_id,
           sum(i.principal_kobo - i.principal_paid_kobo)::bigint as outstanding,
           coalesce(${asOf}::date - min(i.due_date) filter (where i.due_date < ${asOf}::date and ${instalmentOwedSql} > 0), 0)::int as days
    from loan_instalments i
    join loans l on l.id = i.loan_id and l.status = 'active'
    group by i.loan_id`;
}

/**
 * The provision rate of a loan `days` in arrears, as core's classify and provisionRateBp give it,
 * written out from the settings (whole numbers, checked by their schema) for the report's query.
 */
export function rateBpSql(days: SQL, settings: LoanRiskSettings): SQL {
  return sql`(case when ${days} <= ${settings.performingMaxDays}::int then ${settings.performingRateBp}::bigint
                   when ${days} <= ${settings.watchMaxDays}::int then ${settings.watchRateBp}::bigint
                   when ${days} <= ${settings.substandardMaxDays}::int then ${settings.substandardRateBp}::bigint
                   when ${days} <= ${settings.doubtfulMaxDays}::int then ${settings.doubtfulRateBp}::bigint
                   else ${settings.lostRateBp}::bigint end)`;
}

/** The class of a loan `days` in arrears, as core's classify gives it, for the run's set-based lines. */
export function classificationSql(days: SQL, settings: LoanRiskSettings): SQL {
  return sql`(case when ${days} <= ${settings.performingMaxDays}::int then 'performing'
                   when ${days} <= ${settings.watchMaxDays}::int then 'watch'
                   when ${days} <= ${settings.substandardMaxDays}::int then 'substandard'
                   when ${days} <= ${settings.doubtfulMaxDays}::int then 'doubtful'
                   else 'lost' end)`;
}

/** One loan's provision in SQL: outstanding × rate, half up to the kobo, as core's provisionKobo. */
export function provisionSql(outstanding: SQL, rateBp: SQL): SQL {
  return sql`((greatest(${outstanding}, 0) * ${rateBp} + 5000) / 10000)`;
}

/** What the "Loan loss provision" account holds: its credit balance, in kobo. */
export const heldProvisionSql = sql`
  select coalesce(-sum(l.amount_kobo), 0)::bigint as held
  from journal_lines l
  where l.account_id = (select account_id from ledger_mappings where key = 'loans.provision')`;
