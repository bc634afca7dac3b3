import { sql } from 'drizzle-orm';
import { calendarDate, portfolioAtRisk, type IsoDate, type PortfolioAtRiskView } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { heldProvisionSql, loanPositionsSql, provisionSql, rateBpSql } from './loan-positions-sql.ts';
import { readRiskSettings } from './risk-settings.ts';

type GroupRow = { days: number; loans: number; outstanding: string; provision: string; held: string };

/**
 * The portfolio-at-risk report on `asOf` (today): one set-based query groups the active loans by
 * days in arrears, summing each group's outstanding principal and each loan's provision (rounded
 * per loan, as a run's lines are); core puts the groups in buckets and classes.
 */
export async function readPortfolioAtRisk(deps: { db: Database; now: () => Date; timeZone: string }, asOf?: IsoDate): Promise<PortfolioAtRiskView> {
  const day = asOf ?? calendarDate(deps.now(), deps.timeZone);
  const settings = await readRiskSettings(deps.db);
  const rows = await queryRows<GroupRow>(
    deps.db,
    sql`
      with positions as (${loanPositionsSql(day)}),
      held as (${heldProvisionSql})
      select p.days, count(*)::int as loans, sum(p.outstanding)::bigint as outstanding,
             sum(${provisionSql(sql`p.outstanding`, rateBpSql(sql`p.days`, settings))})::bigint as provision,
             (select held from held) as held
      from positions p
      group by p.days
      union all
      -- The held balance even when no loan is running.
      select -1, 0, 0, 0, (select held from held)`,
  );
  const groups = rows.filter((row) => row.days >= 0);
  const report = portfolioAtRisk(
    groups.map((row) => ({ daysInArrears: row.days, loanCount: row.loans, outstandingPrincipalKobo: koboFromDb(row.outstanding), provisionKobo: koboFromDb(row.provision) })),
    settings,
  );
  return { asOf: day, ...report, heldProvisionKobo: koboFromDb(rows[0]?.held) };
}
