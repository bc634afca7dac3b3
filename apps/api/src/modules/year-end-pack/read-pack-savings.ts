import { sql } from 'drizzle-orm';
import { INFLOW_TYPES, SAVINGS_PRODUCT_KINDS, asKobo, type IsoDate, type PackProductTotals, type SavingsProductKind } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';

const inflow = sql.raw(INFLOW_TYPES.map((type) => `'${type}'`).join(', '));
/** Kinds in the order COOPERATIVE.md names them, as the savings reports list them: shares first. */
const kindOrder = sql.raw(`array_position(array[${SAVINGS_PRODUCT_KINDS.map((kind) => `'${kind}'`).join(', ')}], p.kind)`);

type Row = { id: string; name: string; kind: SavingsProductKind; holders: string | number; balance_kobo: string | number; retired: boolean };

/**
 * Members' savings and shares per product at the end of `asOf`, by value date (the savings reports'
 * totals are today's balances, so they do not fit a past year's end). A posting reversed and its
 * reversal are left out together, as the year-end run reads balances, so the two agree.
 */
export async function readPackProductTotals(db: Database, asOf: IsoDate): Promise<PackProductTotals> {
  const rows = await queryRows<Row>(db, sql`
    with balances as (
      select t.account_id, sum(case when t.type in (${inflow}) then t.amount_kobo else -t.amount_kobo end) as kobo
      from savings_transactions t
      where t.value_date <= ${asOf}::date
        and t.reverses_id is null
        and not exists (select 1 from savings_transactions r where r.reverses_id = t.id)
      group by t.account_id)
    select p.id, p.name, p.kind, count(a.id) filter (where b.kobo > 0) as holders,
           coalesce(sum(b.kobo), 0) as balance_kobo, p.retired_at is not null as retired
    from savings_products p
    left join savings_accounts a on a.product_id = p.id
    left join balances b on b.account_id = a.id
    group by p.id
    order by ${kindOrder}, lower(p.name)`);
  const products = rows.map((row) => ({
    productId: row.id,
    productName: row.name,
    kind: row.kind,
    holders: Number(row.holders),
    balanceKobo: koboFromDb(row.balance_kobo),
    retired: row.retired,
  }));
  const total = (pick: (kind: SavingsProductKind) => boolean) => asKobo(products.filter((product) => pick(product.kind)).reduce((sum, product) => sum + product.balanceKobo, 0));
  return { asOf, products, sharesKobo: total((kind) => kind === 'shares'), savingsKobo: total((kind) => kind !== 'shares'), totalKobo: total(() => true) };
}
