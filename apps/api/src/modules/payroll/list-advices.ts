import { sql } from 'drizzle-orm';
import { asKobo, type AdviceSummary, type AllocationOrder } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';

type SummaryRow = {
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

/** GET /api/payroll/advices: every month's advice, newest month first (issue 30). */
export async function listAdvices(db: Database): Promise<{ advices: AdviceSummary[] }> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select a.id, a.month, a.value_date::text as value_date, a.status, a.rededuct_arrears, a.allocation_order, a.member_count, a.total_kobo,
               (select count(*)::int from payroll_advice_lines l where l.advice_id = a.id and l.held_reason is not null) as held_count,
               to_char(a.prepared_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as prepared_at,
               to_char(a.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at, a.issued_by_name,
               exists (select 1 from payroll_remittances r where r.advice_id = a.id) as remittance_posted
        from payroll_advices a order by a.month desc`,
  );
  return {
    advices: rows.map((row) => ({
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
    })),
  };
}
