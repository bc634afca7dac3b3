import { sql } from 'drizzle-orm';
import { AppError, calendarDate, formatNaira, MESSAGES, type Overdeduction } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { findProduct } from '../savings/product-catalog.ts';
import { postProductInside } from '../savings/product-posting.ts';
import { lockHeldOverdeduction, readOverdeduction } from './read-overdeductions.ts';

/**
 * An officer applies an over-deduction to one of the member's products (issue 30, decision 047):
 * a deposit valued today through the product ledger (its rules: a retired product or a fixed
 * deposit takes none), whose counter account is the held account: the savings posting rule reads
 * 'kobo.savings_counter_key' (migrations 0019/0021), set for this transaction only. A line whose
 * staff ID is nobody's can only be refunded (400 beside the product). Once (409 after).
 */
export async function applyOverdeduction(deps: SavingsDeps, actor: Actor, id: string, productId: string): Promise<Overdeduction> {
  return deps.db.transaction(async (tx) => {
    const held = await lockHeldOverdeduction(tx, id);
    if (held.userId === null) throw new AppError('VALIDATION', { message: MESSAGES.overdeductionNobodys, field: 'productId' });
    const product = await findProduct(tx, productId);
    const at = deps.now();
    await tx.execute(sql`select set_config('kobo.savings_counter_key', 'payroll.overdeductions', true)`);
    const posted = await postProductInside(tx, { actor, createdBy: actor, at, valueDate: calendarDate(at, deps.timeZone) }, held.userId, product, {
      type: 'deposit',
      amountKobo: held.amountKobo,
      description: `Over-deducted from the ${held.month} payroll`,
    });
    // Back to each posting's own counter account for whatever else this transaction writes.
    await tx.execute(sql`select set_config('kobo.savings_counter_key', '', true)`);
    await tx.execute(sql`
      update payroll_overdeductions
      set status = 'applied', product_id = ${product.id}, decided_by_id = ${actor.id}, decided_by_name = ${actor.name}, decided_at = ${at.toISOString()}
      where id = ${held.id}`);
    await recordAudit(tx, {
      kind: 'payroll.overdeduction_applied',
      actor,
      target: { type: 'payroll_overdeduction', id: held.id, label: `${formatNaira(held.amountKobo)} over-deducted from ${held.name ?? held.ref} (${held.month})` },
      people: [held.userId],
      before: { status: 'held' },
      after: { status: 'applied', amountKobo: held.amountKobo, productId: product.id, productName: product.name, transactionId: posted.transaction.id },
      at,
    });
    return readOverdeduction(tx, held.id);
  });
}
