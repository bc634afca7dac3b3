import { sql } from 'drizzle-orm';
import { arrearsKey, asKobo, contributionKey, defaultRunValueDate, LOAN_DEDUCTION_KEY, ORDINARY_SAVINGS_PRODUCT_ID, type AdviceDetail, type AdviceLine, type RunCandidate } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { listRunCandidates } from '../batches/prepare-run.ts';
import { readRunProducts } from '../batches/run-products.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { adviceMonth, lockDraftAdvice, NO_STAFF_ID_REASON } from './advice-month.ts';
import { adviceDeductions } from './advice-store.ts';
import { readPayrollSettings } from './payroll-settings.ts';

type PreparedLine = { user_id: string; staff_id: string; name: string; deductions: Record<string, number>; total_kobo: number };

/**
 * POST /api/payroll/advices (issue 30, decision 047): the month's draft advice, built from the run's
 * candidates on its value date (as the monthly run's Prepare) plus outstanding contribution arrears
 * when the scheme re-deducts them. Preparing again replaces a draft's lines; an issued advice is
 * refused. Members without a staff ID are left out (payroll cannot find them), and nothing is kept
 * for a member with nothing to deduct.
 */
export async function prepareAdvice(deps: SavingsDeps, actor: Actor, input: { month: string }): Promise<AdviceDetail> {
  const month = adviceMonth(input.month);
  const valueDate = defaultRunValueDate(month, deps.now(), deps.timeZone);
  const [settings, products] = await Promise.all([readPayrollSettings(deps.db), readRunProducts(deps.db)]);
  const live = new Set(products.columns.map((product) => product.id));
  const [candidates, arrears] = await Promise.all([
    listRunCandidates(deps.db, valueDate, products.columns),
    settings.redeductArrears ? outstandingArrears(deps.db, month, live) : new Map<string, Record<string, number>>(),
  ]);
  const lines = candidates.flatMap((candidate) => {
    if (candidate.staffId === null) return [];
    const deductions = deductionsOf(candidate, arrears.get(candidate.userId));
    const total = Object.values(deductions).reduce((sum, kobo) => sum + kobo, 0);
    return total > 0 ? [{ user_id: candidate.userId, staff_id: candidate.staffId, name: candidate.name, deductions, total_kobo: total } satisfies PreparedLine] : [];
  });
  const totalKobo = lines.reduce((sum, line) => sum + line.total_kobo, 0);
  const prepared = await deps.db.transaction(async (tx) => {
    // One advice per month: a first prepare inserts it, a second (or a racing one) takes it locked.
    await tx.execute(sql`insert into payroll_advices (month, value_date, rededuct_arrears, allocation_order, prepared_by_id)
                         values (${month}, ${valueDate}::date, ${settings.redeductArrears}, ${settings.allocationOrder}, ${actor.id}) on conflict (month) do nothing`);
    const { id } = await lockDraftAdvice(tx, month);
    await tx.execute(sql`delete from payroll_advice_lines where advice_id = ${id}`);
    const [row] = await queryRows<{ prepared_at: string }>(
      tx,
      sql`update payroll_advices set value_date = ${valueDate}::date, rededuct_arrears = ${settings.redeductArrears}, allocation_order = ${settings.allocationOrder},
                 member_count = ${lines.length}, total_kobo = ${totalKobo}, prepared_by_id = ${actor.id}, prepared_at = ${deps.now().toISOString()}::timestamptz
          where id = ${id}
          returning to_char(prepared_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as prepared_at`,
    );
    // One set-based insert: 10,000 members prepare in one statement (issue 30's benchmark). The
    // deductions are read as json and cast: json_to_recordset builds a jsonb field twice as slowly.
    await tx.execute(sql`
      insert into payroll_advice_lines (advice_id, user_id, staff_id, name, deductions, total_kobo)
      select ${id}, r.user_id, r.staff_id, r.name, r.deductions::jsonb, r.total_kobo
      from json_to_recordset(${JSON.stringify(lines)}::json) as r(user_id text, staff_id text, name text, deductions json, total_kobo bigint)`);
    await recordAudit(tx, {
      kind: 'payroll.advice_prepared',
      actor,
      target: { type: 'payroll_advice', id, label: `Deduction advice ${month}` },
      after: { month, valueDate, memberCount: lines.length, totalKobo, redeductArrears: settings.redeductArrears, allocationOrder: settings.allocationOrder },
      at: deps.now(),
    });
    return { id, preparedAt: row!.prepared_at };
  });
  // The answer is built from what was just written rather than read back (10,000 lines): the lines
  // are in the candidates' order (staff ID, name, id), as readAdvice orders them.
  const adviceLines = lines.map((line): AdviceLine => ({
    userId: line.user_id,
    staffId: line.staff_id,
    name: line.name,
    deductions: line.deductions as AdviceLine['deductions'],
    totalKobo: asKobo(line.total_kobo),
    heldReason: null,
    changed: false,
  }));
  return {
    advice: {
      id: prepared.id,
      month,
      valueDate,
      status: 'draft',
      redeductArrears: settings.redeductArrears,
      allocationOrder: settings.allocationOrder,
      memberCount: lines.length,
      heldCount: 0,
      totalKobo: asKobo(totalKobo),
      preparedAt: prepared.preparedAt,
      issuedAt: null,
      issuedByName: null,
      remittancePosted: false,
    },
    deductions: await adviceDeductions(deps.db, adviceLines, settings.allocationOrder),
    lines: adviceLines,
    // Who preparing left out, from the same candidates it read (the same people GET lists).
    leftOut: candidates.filter((candidate) => candidate.staffId === null).map((candidate) => ({ userId: candidate.userId, name: candidate.name, reason: NO_STAFF_ID_REASON })),
  };
}

/** A member's deductions: each product's contribution, its arrears, the loan due; zero amounts left out. */
function deductionsOf(candidate: RunCandidate, arrears: Record<string, number> | undefined): Record<string, number> {
  const amounts: [string, number][] = [
    [contributionKey(ORDINARY_SAVINGS_PRODUCT_ID), candidate.monthlyContributionKobo],
    ...candidate.products.map((product): [string, number] => [contributionKey(product.productId), product.amountKobo]),
    ...Object.entries(arrears ?? {}),
    [LOAN_DEDUCTION_KEY, candidate.loanDueKobo],
  ];
  return Object.fromEntries(amounts.filter(([, kobo]) => kobo > 0));
}

/** Outstanding contribution arrears that arose before `month`, per member and deduction key, for products the run takes money into. */
async function outstandingArrears(db: Database, month: string, live: ReadonlySet<string>): Promise<Map<string, Record<string, number>>> {
  const rows = await queryRows<{ user_id: string; product_id: string; outstanding_kobo: string | number }>(
    db,
    sql`select user_id, product_id, sum(outstanding_kobo) as outstanding_kobo from contribution_arrears
        where outstanding_kobo > 0 and month < ${month} group by user_id, product_id`,
  );
  const byMember = new Map<string, Record<string, number>>();
  for (const row of rows) {
    if (!live.has(row.product_id)) continue;
    const deductions = byMember.get(row.user_id) ?? {};
    deductions[arrearsKey(row.product_id)] = Number(row.outstanding_kobo);
    byMember.set(row.user_id, deductions);
  }
  return byMember;
}
