import { asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError, type FixedDepositTerms, type IsoDate, type SavingsProduct } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { savingsAccounts, savingsProducts } from '../../db/schema.ts';
import { savingsProductView } from '../savings-products/savings-product-views.ts';

type Db = Database | Transaction;
type ProductRow = typeof savingsProducts.$inferSelect;

/** A product's row as core's rules read it: the API's view of it is the same shape (one home). */
export const toSavingsProduct: (row: ProductRow) => SavingsProduct = savingsProductView;

/** One product, retired or not: 'Savings product not found' for an id that names none. */
export async function findProduct(db: Db, productId: string): Promise<SavingsProduct> {
  // A malformed id names no product; the uuid column would refuse it with a database error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(productId)) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND', { field: 'productId' });
  const [row] = await db.select().from(savingsProducts).where(eq(savingsProducts.id, productId));
  if (!row) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND', { field: 'productId' });
  return toSavingsProduct(row);
}

/** Every product not retired, ordinary savings first, then by name. */
export async function liveProducts(db: Db): Promise<SavingsProduct[]> {
  const rows = await db
    .select()
    .from(savingsProducts)
    .where(isNull(savingsProducts.retiredAt))
    .orderBy(sql`${savingsProducts.kind} <> 'ordinary'`, asc(savingsProducts.name));
  return rows.map(toSavingsProduct);
}

/**
 * A member's account in one product, as the product's rules read it. A fixed deposit's terms keep
 * no opening day of their own (the account's columns are principal, rate and maturity): the
 * account's creation day stands for it, which only interest reads.
 */
export type ProductAccount = {
  id: string;
  balanceKobo: number;
  /** A fixed deposit's terms (null for other products, and for a fixed account not yet opened with money). */
  terms: FixedDepositTerms | null;
};

type AccountRow = { id: string; balance_kobo: string | number; principal_kobo: string | number | null; annual_rate_bp: number | null; matures_on: string | null; opened_on: string };

function toProductAccount(row: AccountRow): ProductAccount {
  const terms =
    row.principal_kobo !== null && row.annual_rate_bp !== null && row.matures_on !== null
      ? { principalKobo: Number(row.principal_kobo), annualRateBp: row.annual_rate_bp, maturesOn: row.matures_on as IsoDate, openedOn: row.opened_on as IsoDate }
      : null;
  return { id: row.id, balanceKobo: Number(row.balance_kobo), terms };
}

const accountSelect = (where: SQL) => sql`
  select a.id, a.balance_kobo, a.principal_kobo, a.annual_rate_bp, a.matures_on::text as matures_on,
         (a.created_at at time zone 'UTC')::date::text as opened_on
  from savings_accounts a where ${where}`;

/**
 * The member's account in `productId`, read under the account's row lock when `lock` (FOR NO KEY
 * UPDATE, the lock every posting on an account takes): null when it was never opened.
 */
export async function findProductAccount(db: Db, userId: string, productId: string, lock = false): Promise<ProductAccount | null> {
  const query = sql`${accountSelect(sql`a.user_id = ${userId} and a.product_id = ${productId}`)}${lock ? sql` for no key update` : sql``}`;
  const [row] = await queryRows<AccountRow>(db, query);
  return row ? toProductAccount(row) : null;
}

/** The member's account ids in each product they hold, keyed by product id. */
export async function productAccountIds(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: savingsAccounts.id, productId: savingsAccounts.productId })
    .from(savingsAccounts)
    .where(eq(savingsAccounts.userId, userId));
  return new Map(rows.map((row) => [row.productId, row.id]));
}
