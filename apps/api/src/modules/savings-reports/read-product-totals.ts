import { sql } from 'drizzle-orm';
import { SAVINGS_PRODUCT_KINDS, shareShortfallKobo, type BelowShareMinimum, type SavingsProductKind, type SavingsProductTotals } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { holderRoleSql } from '../ledger/ledger-sql.ts';

/** Kinds in the order COOPERATIVE.md names them: shares, ordinary, target, fixed. */
const kindOrder = sql.raw(`array_position(array[${SAVINGS_PRODUCT_KINDS.map((kind) => `'${kind}'`).join(', ')}], p.kind)`);

/**
 * Every savings product with how many members hold it (an account above ₦0) and what they hold
 * together; a product nobody has saved in shows ₦0. Retired products stay while accounts hold them.
 */
export async function readProductTotals(db: Database): Promise<SavingsProductTotals> {
  const rows = await queryRows<{ id: string; name: string; kind: SavingsProductKind; holders: string | number; balance_kobo: string | number; retired: boolean }>(db, sql`
    select p.id, p.name, p.kind, count(a.id) filter (where a.balance_kobo > 0) as holders,
           coalesce(sum(a.balance_kobo), 0) as balance_kobo, p.retired_at is not null as retired
    from savings_products p left join savings_accounts a on a.product_id = p.id
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
  return { products, totalKobo: koboFromDb(products.reduce((sum, product) => sum + product.balanceKobo, 0)) };
}

/**
 * The members (active savings holders) holding less than a shares product's minimum, a member who
 * never bought a share holding ₦0; largest shortfall first, then by name.
 */
export async function readBelowShareMinimum(db: Database): Promise<BelowShareMinimum> {
  const rows = await queryRows<{ user_id: string; name: string; staff_id: string | null; product_id: string; product_name: string; holding_kobo: string | number; minimum_kobo: string | number }>(db, sql`
    select u.id as user_id, u.name, u.staff_id, p.id as product_id, p.name as product_name,
           coalesce(a.balance_kobo, 0) as holding_kobo, p.minimum_holding_kobo as minimum_kobo
    from savings_products p
    cross join users u
    left join savings_accounts a on a.product_id = p.id and a.user_id = u.id
    where p.kind = 'shares' and p.retired_at is null and p.minimum_holding_kobo is not null
      and u.active and ${holderRoleSql(sql`u.role`)}
      and coalesce(a.balance_kobo, 0) < p.minimum_holding_kobo
    order by p.minimum_holding_kobo - coalesce(a.balance_kobo, 0) desc, lower(u.name), u.id, lower(p.name)`);
  return {
    members: rows.map((row) => {
      const holdingKobo = koboFromDb(row.holding_kobo);
      const minimumKobo = koboFromDb(row.minimum_kobo);
      return {
        userId: row.user_id,
        holderName: row.name,
        staffId: row.staff_id,
        productId: row.product_id,
        productName: row.product_name,
        holdingKobo,
        minimumKobo,
        shortfallKobo: shareShortfallKobo(holdingKobo, { minimumHoldingKobo: minimumKobo, sharePriceKobo: null }),
      };
    }),
  };
}
