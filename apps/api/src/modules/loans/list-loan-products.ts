import { asc, isNull, sql } from 'drizzle-orm';
import { can, type LoanProductView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanProducts } from '../../db/schema.ts';
import type { LoanDeps } from './loan-deps.ts';
import { productView } from './product-views.ts';

/** Every product for a savings officer or the auditor; the ones open to applications for a holder. By name. */
export async function listLoanProducts(deps: LoanDeps, actor: Actor): Promise<LoanProductView[]> {
  const everything = can(actor.role, 'view_staff_savings');
  const rows = await deps.db
    .select()
    .from(loanProducts)
    .where(everything ? undefined : isNull(loanProducts.retiredAt))
    .orderBy(asc(sql`lower(${loanProducts.name})`), asc(loanProducts.id));
  return rows.map(productView);
}
