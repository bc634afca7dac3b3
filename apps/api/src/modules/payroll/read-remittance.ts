import { sql } from 'drizzle-orm';
import { asKobo, deductionLabel, type MatchedDeduction, type MemberOutcome, type RemittanceDetail } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { readRunProducts } from '../batches/run-products.ts';

type Db = Database | Transaction;
type RemittanceRow = {
  id: string;
  month: string;
  batch_id: string | null;
  source: 'file' | 'keyed';
  file_name: string | null;
  bank_amount_kobo: string | number;
  remitted_kobo: string | number;
  paid_kobo: string | number;
  short_kobo: string | number;
  over_kobo: string | number;
  advised_kobo: string | number;
  counts: RemittanceDetail['remittance']['counts'];
  posted_at: string;
  posted_by_name: string;
};
type LineRow = {
  user_id: string | null;
  ref: string;
  name: string | null;
  staff_id: string | null;
  outcome: MemberOutcome;
  advised_kobo: string | number;
  remitted_kobo: string | number;
  paid_kobo: string | number;
  over_kobo: string | number;
  deductions: Omit<MatchedDeduction, 'label'>[];
};

const kobo = (value: string | number) => asKobo(Number(value));

/**
 * The month's posted remittance and its members' match as kept (issue 30); null when none was
 * posted. The file's row numbers are not kept: `row` is null. `members: false` reads the summary alone. Labels are today's products' names.
 */
export async function readPostedRemittance(db: Db, month: string, options: { members?: boolean } = {}): Promise<RemittanceDetail | null> {
  const [row] = await queryRows<RemittanceRow>(
    db,
    sql`select r.id, a.month, r.batch_id, r.source, r.file_name, r.bank_amount_kobo, r.remitted_kobo, r.paid_kobo, r.short_kobo, r.over_kobo,
               r.paid_kobo + r.short_kobo as advised_kobo, r.counts, r.posted_by_name,
               to_char(r.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as posted_at
        from payroll_remittances r join payroll_advices a on a.id = r.advice_id
        where a.month = ${month}`,
  );
  if (!row) return null;
  // Posting answers the summary alone: its 10,000 lines were just written.
  const lines = options.members === false ? [] : await queryRows<LineRow>(
    db,
    sql`select l.user_id, l.ref, l.name, u.staff_id, l.outcome, l.advised_kobo, l.remitted_kobo, l.paid_kobo, l.over_kobo, l.deductions
        from payroll_remittance_lines l left join users u on u.id = l.user_id
        where l.remittance_id = ${row.id} order by l.line_no`,
  );
  const names = new Map((await readRunProducts(db)).all.map((product) => [product.id, product.name]));
  return {
    remittance: {
      id: row.id,
      month: row.month as RemittanceDetail['remittance']['month'],
      batchId: row.batch_id,
      source: row.source,
      fileName: row.file_name,
      bankAmountKobo: kobo(row.bank_amount_kobo),
      totals: { advisedKobo: kobo(row.advised_kobo), remittedKobo: kobo(row.remitted_kobo), paidKobo: kobo(row.paid_kobo), shortKobo: kobo(row.short_kobo), overKobo: kobo(row.over_kobo) },
      counts: row.counts,
      postedAt: row.posted_at as RemittanceDetail['remittance']['postedAt'],
      postedByName: row.posted_by_name,
    },
    members: lines.map((line) => ({
      row: null,
      ref: line.ref,
      userId: line.user_id,
      name: line.name,
      staffId: line.staff_id,
      outcome: line.outcome,
      advisedKobo: kobo(line.advised_kobo),
      remittedKobo: kobo(line.remitted_kobo),
      paidKobo: kobo(line.paid_kobo),
      shortKobo: kobo(Number(line.advised_kobo) - Number(line.paid_kobo)),
      overKobo: kobo(line.over_kobo),
      deductions: line.deductions.map((deduction) => ({ ...deduction, label: deductionLabel(deduction.key, names), advisedKobo: asKobo(deduction.advisedKobo), paidKobo: asKobo(deduction.paidKobo) })),
      reason: null,
    })),
  };
}
