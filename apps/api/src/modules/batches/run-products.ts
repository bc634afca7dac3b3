import { asc, sql } from 'drizzle-orm';
import { asKobo, ORDINARY_SAVINGS_PRODUCT_ID, type RunProduct, type SavingsProduct } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { savingsProducts } from '../../db/schema.ts';
import { savingsProductView as toSavingsProduct } from '../savings-products/savings-product-views.ts';

/**
 * The monthly run's savings columns (issue 29): one per live product that takes contributions
 * (ordinary savings, shares, target savings; a fixed deposit takes money only when it is opened),
 * ordinary savings first, then by name. `all` holds every product, retired and fixed ones too, so a
 * column or cell naming one is told why it takes nothing.
 */
export type RunProducts = { columns: SavingsProduct[]; all: SavingsProduct[] };

export async function readRunProducts(db: Database | Transaction): Promise<RunProducts> {
  const rows = await db
    .select()
    .from(savingsProducts)
    .orderBy(sql`${savingsProducts.id} <> ${ORDINARY_SAVINGS_PRODUCT_ID}`, sql`lower(${savingsProducts.name})`, asc(savingsProducts.id));
  const all = rows.map(toSavingsProduct);
  return { all, columns: all.filter(takesContributions) };
}

/** A product the run takes money into: live, and not a fixed deposit. */
export function takesContributions(product: SavingsProduct): boolean {
  return product.retiredAt === null && product.kind !== 'fixed';
}

export function toRunProduct(product: SavingsProduct): RunProduct {
  return { id: product.id, name: product.name, kind: product.kind, minimumHoldingKobo: product.kind === 'shares' && product.minimumHoldingKobo !== null ? asKobo(product.minimumHoldingKobo) : null };
}

