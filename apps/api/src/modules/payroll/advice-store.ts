import { sql } from 'drizzle-orm';
import {
  asKobo,
  deductionLabel,
  orderDeductionKeys,
  parseDeductionKey,
  type AdviceDeduction,
  type AdviceDetail,
  type AdviceLine,
  type AdviceSummary,
  type AllocationOrder,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { readRunProducts } from '../batches/run-products.ts';

type Db = Database | Transaction;

type AdviceRow = {
  id: string;
  month: string;
  value_date: string;
  status: 'draft' | 'issued';
  rededuct_arrears: boolean;
  allocation_order: AllocationOrder;
  member_count: number;
  held_count: number;
  total_kobo: string | number;
  prepared_at: string;
  issued_at: string | null;
  issued_by_name: string | null;
  remittance_posted: boolean;
};

/** An advice's summary columns, for `from payroll_advices a` (one read here and in the list). */
export const ADVICE_SUMMARY_COLUMNS = sql`a.id, a.month, a.value_date::text as value_date, a.status, a.rededuct_arrears, a.allocation_order, a.member_count, a.total_kobo,
  (select count(*)::int from payroll_advice_lines l where l.advice_id = a.id and l.held_reason is not null) as held_count,
  to_char(a.prepared_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as prepared_at,
  to_char(a.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at, a.issued_by_name,
  exists (select 1 from payroll_remittances r where r.advice_id = a.id) as remittance_posted`;

export function toAdviceSummary(row: AdviceRow): AdviceSummary {
  return {
    id: row.id,
    month: row.month,
    valueDate: row.value_date,
    status: row.status,
    redeductArrears: row.rededuct_arrears,
    allocationOrder: row.allocation_order,
    memberCount: row.member_count,
    heldCount: row.held_count,
    totalKobo: asKobo(Number(row.total_kobo)),
    preparedAt: row.prepared_at,
    issuedAt: row.issued_at,
    issuedByName: row.issued_by_name,
    remittancePosted: row.remittance_posted,
  };
}

export async function readAdviceSummaries(db: Db): Promise<AdviceSummary[]> {
  return (await queryRows<AdviceRow>(db, sql`select ${ADVICE_SUMMARY_COLUMNS} from payroll_advices a order by a.month desc`)).map(toAdviceSummary);
}

type LineRow = { user_id: string; staff_id: string | null; name: string; deductions: Record<string, number>; total_kobo: string | number; held_reason: string | null; changed: boolean };

/**
 * One month's advice as the screens and the remittance read it (issue 30): the summary, its
 * deductions in the allocation order with labels and totals over the lines not held out, and every
 * line by staff ID. `lock` takes the advice row for update (issuing, changing, posting). Null when
 * the month has none. `leftOut` is filled by whoever prepares (it is not stored); empty here.
 */
export async function readAdvice(db: Db, month: string, options: { lock?: boolean } = {}): Promise<AdviceDetail | null> {
  const [advice] = await queryRows<AdviceRow>(
    db,
    sql`select ${ADVICE_SUMMARY_COLUMNS} from payroll_advices a where a.month = ${month} ${options.lock ? sql`for update of a` : sql``}`,
  );
  if (!advice) return null;
  const rows = await queryRows<LineRow>(
    db,
    sql`select user_id, staff_id, name, deductions, total_kobo, held_reason, changed from payroll_advice_lines
        where advice_id = ${advice.id} order by staff_id nulls last, name, user_id`,
  );
  const lines: AdviceLine[] = rows.map((row) => ({
    userId: row.user_id,
    staffId: row.staff_id,
    name: row.name,
    deductions: Object.fromEntries(Object.entries(row.deductions).map(([key, kobo]) => [key, asKobo(Number(kobo))])),
    totalKobo: asKobo(Number(row.total_kobo)),
    heldReason: row.held_reason,
    changed: row.changed,
  }));
  return {
    advice: toAdviceSummary(advice),
    deductions: await adviceDeductions(db, lines, advice.allocation_order),
    lines,
    leftOut: [],
  };
}

/** The deductions an advice's lines carry, in the allocation order, each with its label and total (lines held out not counted). */
export async function adviceDeductions(db: Db, lines: readonly AdviceLine[], order: AllocationOrder): Promise<AdviceDeduction[]> {
  const products = await readRunProducts(db);
  const names = new Map(products.all.map((product) => [product.id, product.name]));
  const totals = new Map<string, number>();
  for (const line of lines) {
    for (const [key, kobo] of Object.entries(line.deductions)) {
      totals.set(key, (totals.get(key) ?? 0) + (line.heldReason === null ? kobo : 0));
    }
  }
  const productOrder = products.all.map((product) => product.id);
  return orderDeductionKeys([...totals.keys()], order, productOrder).map((key) => {
    const parts = parseDeductionKey(key);
    return { key, label: deductionLabel(key, names), kind: parts?.kind ?? 'contribution', productId: parts?.productId ?? null, totalKobo: asKobo(totals.get(key) ?? 0) };
  });
}
