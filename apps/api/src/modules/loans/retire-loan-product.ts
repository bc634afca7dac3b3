import { eq } from 'drizzle-orm';
import { AppError, type LoanProductView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanProducts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanDeps } from './loan-deps.ts';
import { productView } from './product-views.ts';

/** Retires a product (no new applications; its loans go on) or brings it back. Saying it twice changes nothing. */
export async function setLoanProductRetired(deps: LoanDeps, actor: Actor, id: string, retired: boolean): Promise<LoanProductView> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
    if (!current) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
    if ((current.retiredAt !== null) === retired) return productView(current);
    const at = deps.now();
    const [row] = await tx
      .update(loanProducts)
      .set({ retiredAt: retired ? at : null, updatedAt: at })
      .where(eq(loanProducts.id, id))
      .returning();
    if (!row) throw new Error('retiring a loan product returned no row');
    await recordAudit(tx, {
      kind: retired ? 'loan.product_retired' : 'loan.product_restored',
      actor,
      target: { type: 'loan_product', id, label: row.name },
      before: { retired: !retired },
      after: { retired },
      at,
    });
    return productView(row);
  });
}
