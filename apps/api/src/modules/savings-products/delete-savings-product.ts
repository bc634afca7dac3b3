import { eq, sql } from 'drizzle-orm';
import { AppError, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import { savingsProducts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { isProductHeld } from './save-savings-product.ts';
import { savingsProductView, type SavingsProductDeps } from './savings-product-views.ts';

/**
 * Deletes a product nobody holds (a mistake, or one never offered). A held product is retired,
 * never deleted: its accounts and their lines in the books name it. Its control account stays in
 * the chart (Settings › Books may delete it; it has no lines). Loan products naming it as security
 * forget it.
 */
export async function deleteSavingsProduct(deps: SavingsProductDeps, actor: Actor, id: string): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(savingsProducts).where(eq(savingsProducts.id, id)).for('update');
      if (!current) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND');
      if (current.id === ORDINARY_SAVINGS_PRODUCT_ID) throw new AppError('ORDINARY_SAVINGS_FIXED');
      if (await isProductHeld(tx, id)) throw new AppError('SAVINGS_PRODUCT_HELD');
      await tx.execute(sql`update loan_products set security_product_ids = array_remove(security_product_ids, ${id}::uuid) where ${id}::uuid = any(security_product_ids)`);
      await tx.delete(savingsProducts).where(eq(savingsProducts.id, id));
      await recordAudit(tx, {
        kind: 'savings_product.deleted',
        actor,
        target: { type: 'savings_product', id, label: current.name },
        before: { ...savingsProductView(current) },
        after: null,
        at: deps.now(),
      });
    });
  } catch (error) {
    // A standing contribution or another record still naming the product (a foreign key): held.
    if (postgresErrorOf(error)?.code === '23503') throw new AppError('SAVINGS_PRODUCT_HELD');
    throw error;
  }
}
