import { eq, inArray } from 'drizzle-orm';
import { AppError, MESSAGES, type LoanProductRules, type LoanProductView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { loanProducts, savingsProducts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanDeps } from './loan-deps.ts';
import { productColumns, productView } from './product-views.ts';

/**
 * Creates a product, or changes one when `id` is given. A loan copies its product's terms when it
 * is applied for, so a change never alters a loan already made. The unique index on lower(name)
 * decides duplicates, so two simultaneous saves cannot both take a name.
 */
export async function saveLoanProduct(deps: LoanDeps, actor: Actor, rules: LoanProductRules, id: string | null): Promise<LoanProductView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const at = deps.now();
      await assertSavingsProductsExist(tx, rules.securityProductIds ?? null);
      const before = id ? await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update') : [];
      if (id && before.length === 0) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
      const [row] = id
        ? await tx.update(loanProducts).set({ ...productColumns(rules), updatedAt: at }).where(eq(loanProducts.id, id)).returning()
        : await tx.insert(loanProducts).values({ ...productColumns(rules), createdById: actor.id, createdAt: at, updatedAt: at }).returning();
      if (!row) throw new Error('saving a loan product returned no row');
      const view = productView(row);
      await recordAudit(tx, {
        kind: id ? 'loan.product_updated' : 'loan.product_created',
        actor,
        target: { type: 'loan_product', id: row.id, label: row.name },
        before: before[0] ? { ...productView(before[0]) } : null,
        after: { ...view },
        at,
      });
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'loan_products_name_lower_key')) throw new AppError('LOAN_PRODUCT_NAME_TAKEN', { field: 'name' });
    throw error;
  }
}

/** Issue 29: the savings that secure the loan must name savings products that exist (retired ones still hold money). */
async function assertSavingsProductsExist(tx: Transaction, ids: string[] | null): Promise<void> {
  if (ids === null) return;
  const found = await tx.select({ id: savingsProducts.id }).from(savingsProducts).where(inArray(savingsProducts.id, ids));
  if (found.length !== ids.length) throw new AppError('VALIDATION', { message: MESSAGES.loanSecurityInvalid, field: 'securityProductIds' });
}
