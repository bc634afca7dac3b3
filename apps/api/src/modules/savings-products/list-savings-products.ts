import { asc, eq, isNull, sql } from 'drizzle-orm';
import { can, ORDINARY_SAVINGS_PRODUCT_ID, type SavingsProductView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { savingsProducts } from '../../db/schema.ts';
import { savingsProductView, type Db } from './savings-product-views.ts';

/**
 * The live products, ordinary savings first, then by name; with `includeRetired`, the retired ones
 * too, for those who read every holder's savings (an admin, the auditor). A member asking for them
 * gets the live ones: retired products are the scheme's history, not a member's choice.
 */
export async function listSavingsProducts(db: Db, actor: Actor, includeRetired: boolean): Promise<SavingsProductView[]> {
  const everything = includeRetired && can(actor.role, 'view_staff_savings');
  const rows = await db
    .select()
    .from(savingsProducts)
    .where(everything ? undefined : isNull(savingsProducts.retiredAt))
    .orderBy(sql`${eq(savingsProducts.id, ORDINARY_SAVINGS_PRODUCT_ID)} desc`, asc(sql`lower(${savingsProducts.name})`), asc(savingsProducts.id));
  return rows.map(savingsProductView);
}
