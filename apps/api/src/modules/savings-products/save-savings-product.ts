import { eq, sql } from 'drizzle-orm';
import { AppError, MESSAGES, NEW_CONTROL_ACCOUNT, ORDINARY_SAVINGS_PRODUCT_ID, type SavingsProductRules, type SavingsProductView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { savingsProducts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkPenaltyAccount, openControlAccount, takeControlAccount } from './product-accounts.ts';
import { savingsProductColumns, savingsProductView, type SavingsProductDeps } from './savings-product-views.ts';

/** Whether any member holds an account of the product (the caller holds the product's row lock). */
export async function isProductHeld(tx: Transaction, productId: string): Promise<boolean> {
  const [row] = await queryRows<{ held: boolean }>(tx, sql`select exists (select 1 from savings_accounts where product_id = ${productId}::uuid) as held`);
  return row?.held ?? false;
}

/**
 * Creates a product, or changes one when `id` is given (issue 29). Its rules may change at any
 * time; its kind and control account only while no member holds it, since the accounts already
 * opened and their lines in the books were made under them. Ordinary savings stays ordinary.
 * The unique indexes decide a taken name or control account, so two simultaneous saves cannot both win.
 */
export async function saveSavingsProduct(deps: SavingsProductDeps, actor: Actor, rules: SavingsProductRules, id: string | null): Promise<SavingsProductView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const at = deps.now();
      const [before] = id ? await tx.select().from(savingsProducts).where(eq(savingsProducts.id, id)).for('update') : [];
      if (id && !before) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND');
      if (before) await refuseLockedChanges(tx, before, rules);

      // A kind that changes (nobody holds the product yet) asks its control account to be of the new kind.
      const keepsControl = before !== undefined && rules.controlAccountId === before.controlAccountId && rules.kind === before.kind;
      const controlAccountId = keepsControl
        ? before.controlAccountId
        : rules.controlAccountId === NEW_CONTROL_ACCOUNT
          ? await openControlAccount(tx, actor, rules.name, rules.kind, at)
          : await takeControlAccount(tx, rules.controlAccountId, rules.kind, id);
      await checkPenaltyAccount(tx, rules.penalty ? rules.penaltyAccountId : null);

      const columns = savingsProductColumns(rules, controlAccountId);
      const [row] = before
        ? await tx.update(savingsProducts).set({ ...columns, updatedAt: at }).where(eq(savingsProducts.id, before.id)).returning()
        : await tx.insert(savingsProducts).values({ ...columns, createdById: actor.id, createdAt: at, updatedAt: at }).returning();
      if (!row) throw new Error('saving a savings product returned no row');
      const view = savingsProductView(row);
      await recordAudit(tx, {
        kind: before ? 'savings_product.updated' : 'savings_product.created',
        actor,
        target: { type: 'savings_product', id: row.id, label: row.name },
        before: before ? { ...savingsProductView(before) } : null,
        after: { ...view },
        at,
      });
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'savings_products_name_lower_key')) throw new AppError('SAVINGS_PRODUCT_NAME_TAKEN', { field: 'name' });
    if (isUniqueViolation(error, 'savings_products_control_account_key')) {
      throw new AppError('VALIDATION', { field: 'controlAccountId', message: MESSAGES.savingsControlAccountUnusable });
    }
    throw error;
  }
}

async function refuseLockedChanges(tx: Transaction, before: typeof savingsProducts.$inferSelect, rules: SavingsProductRules): Promise<void> {
  const changesKind = rules.kind !== before.kind;
  const changesControl = rules.controlAccountId !== before.controlAccountId;
  // Ordinary savings controls the chart's "Members' savings" (2000), whatever it holds.
  if (before.id === ORDINARY_SAVINGS_PRODUCT_ID && (changesKind || changesControl)) {
    throw new AppError('ORDINARY_SAVINGS_FIXED', { field: changesKind ? 'kind' : 'controlAccountId' });
  }
  if (!changesKind && !changesControl) return;
  if (!(await isProductHeld(tx, before.id))) return;
  if (changesKind) throw new AppError('SAVINGS_PRODUCT_HELD', { field: 'kind', message: MESSAGES.savingsProductKindLocked });
  throw new AppError('SAVINGS_PRODUCT_HELD', { field: 'controlAccountId', message: MESSAGES.savingsControlAccountLocked });
}
