import { sql, type SQL } from 'drizzle-orm';
import { UNKNOWN_CATEGORY, asKobo, percentOf, sumKobo, type CategoryShare, type Kobo } from '@kobo/core';
import { koboFromDb } from '../../db/kobo.ts';

export type CategoryTotalRow = {
  category_id: string | null;
  name: string | null;
  color: string | null;
  icon: string | null;
  amount: string;
  count: number;
};

/** Each category's share of `rows`, largest first; percentages from integer kobo, rounded once. */
export function toCategoryShares(rows: CategoryTotalRow[]): { totalKobo: Kobo; count: number; shares: CategoryShare[] } {
  const amounts = rows.map((row) => koboFromDb(row.amount));
  const totalKobo = sumKobo(amounts);
  const shares = rows.map((row, index): CategoryShare => {
    const isKnown = row.name !== null;
    const amountKobo = amounts[index] ?? asKobo(0);
    return {
      categoryId: isKnown ? row.category_id : null,
      name: row.name ?? UNKNOWN_CATEGORY.name,
      color: isKnown ? (row.color ?? UNKNOWN_CATEGORY.color) : UNKNOWN_CATEGORY.color,
      icon: isKnown ? (row.icon ?? UNKNOWN_CATEGORY.icon) : UNKNOWN_CATEGORY.icon,
      amountKobo,
      count: Number(row.count),
      percent: percentOf(amountKobo, totalKobo),
    };
  });
  return { totalKobo, count: shares.reduce((sum, share) => sum + share.count, 0), shares };
}

/** Sum and count per category of the expenses matching `where`, joined to names after aggregating. */
export function categoryTotalsQuery(where: SQL): SQL {
  return sql`with totals as (
      select e.category_id, sum(e.amount_kobo) as amount, count(*) as n
      from expenses e where ${where} group by e.category_id
    )
    select t.category_id, c.name, c.color, c.icon, t.amount::text as amount, t.n::int as count
    from totals t left join categories c on c.id = t.category_id
    order by t.amount desc, c.name nulls last, t.category_id`;
}
