import { sql } from 'drizzle-orm';
import { LOAN_CLASSIFICATIONS, provisionRateBp, type LoanClassification, type LoanRiskSettings, type ProvisionRunView } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';

type RunRow = {
  id: string;
  seq: number;
  month: string;
  as_of: string;
  loan_count: number;
  required_kobo: string;
  held_before_kobo: string;
  difference_kobo: string;
  entry_id: string | null;
  created_by_name: string;
  created_at: string | Date;
  settings: LoanRiskSettings;
  classes: { classification: LoanClassification; loans: number; outstanding: number | string; provision: number | string; rate_bp: number }[] | null;
};

/** The most runs answered at once: the latest first. */
export const MAX_PROVISION_RUNS = 24;

/** Runs as the screen shows them, each with its lines summed by class; `ids` narrows to those runs. */
export async function provisionRunViews(db: Database | Transaction, ids?: readonly string[]): Promise<ProvisionRunView[]> {
  const only = ids ? sql`where r.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))` : sql``;
  const rows = await queryRows<RunRow>(
    db,
    sql`
      select r.id::text, r.seq, r.month, r.as_of::text as as_of, r.loan_count, r.required_kobo, r.held_before_kobo, r.difference_kobo,
             r.entry_id::text, r.created_by_name, r.created_at, r.settings,
             (select jsonb_agg(jsonb_build_object('classification', c.classification, 'loans', c.loans, 'outstanding', c.outstanding, 'provision', c.provision, 'rate_bp', c.rate_bp))
                from (select classification, count(*)::int as loans, sum(outstanding_principal_kobo)::bigint as outstanding,
                             sum(provision_kobo)::bigint as provision, max(rate_bp) as rate_bp
                      from loan_provision_lines where run_id = r.id group by classification) c) as classes
      from loan_provision_runs r
      ${only}
      order by r.seq desc
      limit ${MAX_PROVISION_RUNS}`,
  );
  return rows.map((row) => {
    const byClass = new Map((row.classes ?? []).map((figure) => [figure.classification, figure]));
    return {
      id: row.id,
      seq: Number(row.seq),
      month: row.month,
      asOf: row.as_of,
      loanCount: row.loan_count,
      requiredKobo: koboFromDb(row.required_kobo),
      heldBeforeKobo: koboFromDb(row.held_before_kobo),
      differenceKobo: Number(row.difference_kobo),
      entryId: row.entry_id,
      createdByName: row.created_by_name,
      createdAt: new Date(row.created_at).toISOString(),
      classifications: LOAN_CLASSIFICATIONS.map((classification) => {
        const figure = byClass.get(classification);
        return {
          classification,
          loanCount: figure?.loans ?? 0,
          outstandingPrincipalKobo: koboFromDb(figure?.outstanding),
          rateBp: figure?.rate_bp ?? provisionRateBp(classification, row.settings),
          provisionKobo: koboFromDb(figure?.provision),
        };
      }),
    };
  });
}
