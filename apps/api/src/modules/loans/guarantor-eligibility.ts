import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { SAVINGS_HOLDER_ROLES } from '@kobo/core';
import { users } from '../../db/schema.ts';

/**
 * Who may guarantee a loan: an active user in a savings-holding role (their savings account is
 * joined by the caller). One home for the rule: the application checks it, the picker lists by it.
 */
export function eligibleGuarantorSql(): SQL {
  return and(eq(users.active, true), inArray(users.role, [...SAVINGS_HOLDER_ROLES])) as SQL;
}
