import { eq } from 'drizzle-orm';
import { AppError, ORDINARY_SAVINGS_PRODUCT_ID, type SavingsProductView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { savingsProducts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { savingsProductView, type SavingsProductDeps } from './savings-product-views.ts';

/**
 * Retires a product (it takes no new accounts or money; its accounts and history stay) or brings it
 * back. Ordinary savings is never retired. Saying it twice changes nothing and records nothing.
 */
export async function setSavingsProductRetired(deps: SavingsProductDeps, actor: Actor, id: string, retired: boolean): Promise<SavingsProductView> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(savingsProducts).where(eq(savingsProducts.id, id)).for('update');
    if (!current) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND');
    if (retired && current.id === ORDINARY_SAVINGS_PRODUCT_ID) throw new AppError('ORDINARY_SAVINGS_FIXED');
    if ((current.retiredAt !== null) === retired) return savingsProductView(current);
    const at = deps.now();
    const [row] = await tx
      .update(savingsProducts)
      .set({ retiredAt: retired ? at : null, updatedAt: at })
      .where(eq(savingsProducts.id, id))
      .returning();
    if (!row) throw new Error('retiring a savings product returned no row');
    await recordAudit(tx, {
      kind: retired ? 'savings_product.retired' : 'savings_product.restored',
      actor,
      target: { type: 'savings_product', id, label: row.name },
      before: { retired: !retired },
      after: { retired },
      at,
    });
    return savingsProductView(row);
  });
}
