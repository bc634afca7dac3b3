import { sql, type SQL } from 'drizzle-orm';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';

/**
 * Issue 29: the savings a loan product's multiple is judged on, in SQL: the sum of the holder's
 * balances in the products the loan product names, or, when it names none (null), in ordinary
 * savings and every shares product. What they have already borrowed is taken off after the
 * multiple (core's maxLoanFor), as before products.
 */
export function securitySavingsSql(userId: string, securityProductIds: string[] | null): SQL {
  const named =
    securityProductIds === null
      ? sql`(p.kind = 'shares' or p.id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid)`
      : sql`p.id in (select (jsonb_array_elements_text(${JSON.stringify(securityProductIds)}::jsonb))::uuid)`;
  return sql`(select coalesce(sum(s.balance_kobo), 0) from savings_accounts s join savings_products p on p.id = s.product_id
              where s.user_id = ${userId} and ${named})::bigint`;
}
