import { sql } from 'drizzle-orm';
import { INFLOW_TYPES, yearBalances, type AccountMovement, type FinancialYear, type YearBalances } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/** 'dividend' (every shares product of the member, merged: the dividend is one amount), or 'interest:<product id>'. */
export type MemberYear = { userId: string; part: string; balances: YearBalances };

type Row = { user_id: string; part: string; day: string | null; kobo: string | number };

const inflow = sql.raw(INFLOW_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * Every member's year in the run's products, by value date (docs/decisions/049-year-end-run.md):
 * ONE statement answers each (member, part)'s balance before the year (day null) and its net
 * movement on each day of the year, ordered so each (member, part) arrives whole and is folded
 * into core's yearBalances as it passes. A posting reversed and its reversal are left out together
 * (they net out, whatever day the reversal was valued). No query per member.
 */
export async function readMemberYears(
  db: Database | Transaction,
  year: FinancialYear,
  parts: { isDividend: boolean; interestProductIds: readonly string[] },
): Promise<MemberYear[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select a.user_id, case when p.kind = 'shares' then 'dividend' else 'interest:' || p.id::text end as part,
               case when t.value_date < ${year.from}::date then null else t.value_date::text end as day,
               sum(case when t.type in (${inflow}) then t.amount_kobo else -t.amount_kobo end) as kobo
        from savings_transactions t
        join savings_accounts a on a.id = t.account_id
        join savings_products p on p.id = a.product_id
        where a.user_id is not null
          and ((p.kind = 'shares' and ${parts.isDividend}) or p.id::text in (select jsonb_array_elements_text(${JSON.stringify(parts.interestProductIds)}::jsonb)))
          and t.value_date <= ${year.to}::date
          and t.reverses_id is null
          and not exists (select 1 from savings_transactions r where r.reverses_id = t.id)
        group by 1, 2, 3
        order by 1, 2, 3 nulls first`,
  );
  const years: MemberYear[] = [];
  let current: { userId: string; part: string; openingKobo: number; movements: AccountMovement[] } | null = null;
  const finish = () => {
    if (current) years.push({ userId: current.userId, part: current.part, balances: yearBalances(year, current.openingKobo, current.movements) });
  };
  for (const row of rows) {
    if (!current || current.userId !== row.user_id || current.part !== row.part) {
      finish();
      current = { userId: row.user_id, part: row.part, openingKobo: 0, movements: [] };
    }
    if (row.day === null) current.openingKobo = Number(row.kobo);
    else current.movements.push({ valueDate: row.day, amountKobo: Number(row.kobo) });
  }
  finish();
  return years;
}
