import { sql } from 'drizzle-orm';
import { INFLOW_TYPES, yearBalancesByDay, yearCalendar, type DayChange, type FinancialYear, type YearBalances } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/** 'dividend' (every shares product of the member, merged: the dividend is one amount), or 'interest:<product id>'. */
export type MemberYear = { userId: string; part: string; balances: YearBalances };

type Row = { user_id: string; part: string; moves: string };

const inflow = sql.raw(INFLOW_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * Every member's year in the run's products, by value date (docs/decisions/049-year-end-run.md):
 * ONE statement answers, per (member, part), the balance before the year (day -1) and the net
 * movement of each day of the year, as 'day:kobo,…' in day order (one row per member and part,
 * not per posting: 10,000 members' 250,000 postings arrive as 20,000 short strings, and no date is
 * parsed). A posting reversed and its reversal are both left out (they net out, whatever day the
 * reversal was valued). No query per member.
 */
export async function readMemberYears(
  db: Database | Transaction,
  year: FinancialYear,
  parts: { isDividend: boolean; interestProductIds: readonly string[] },
): Promise<MemberYear[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with days as (
          select a.user_id, case when p.kind = 'shares' then 'dividend' else 'interest:' || p.id::text end as part,
                 greatest(t.value_date - ${year.from}::date, -1) as day,
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
        )
        select user_id, part, string_agg(day::text || ':' || kobo::text, ',' order by day) as moves
        from days group by 1, 2 order by 1, 2`,
  );
  const calendar = yearCalendar(year);
  return rows.map((row) => {
    let openingKobo = 0;
    const changes: DayChange[] = [];
    for (const move of row.moves.split(',')) {
      const colon = move.indexOf(':');
      const day = Number(move.slice(0, colon));
      const amountKobo = Number(move.slice(colon + 1));
      if (day < 0) openingKobo = amountKobo;
      else changes.push({ day, amountKobo });
    }
    return { userId: row.user_id, part: row.part, balances: yearBalancesByDay(calendar, openingKobo, changes) };
  });
}
