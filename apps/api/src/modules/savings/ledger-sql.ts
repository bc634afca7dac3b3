import { sql, type SQL } from 'drizzle-orm';
import { INFLOW_TYPES, SAVINGS_HOLDER_ROLES } from '@kobo/core';
import { savingsTransactions } from '../../db/schema.ts';

/**
 * The ledger's arithmetic in SQL, once (SPEC 4; core's INFLOW_TYPES): deposit and transfer_in
 * add, withdrawal and transfer_out subtract. Balances, period cards and the drift check use these.
 */
export const isInflowSql = sql`${savingsTransactions.type} in (${sql.raw(INFLOW_TYPES.map((type) => `'${type}'`).join(', '))})`;

export const signedAmountSql = sql`case when ${isInflowSql} then ${savingsTransactions.amountKobo} else -${savingsTransactions.amountKobo} end`;

/** Core's holdsSavings as SQL: the role column names a role that may hold savings (admins hold none). */
export function holderRoleSql(role: SQL): SQL {
  return sql`${role} in (${sql.raw(SAVINGS_HOLDER_ROLES.map((name) => `'${name}'`).join(', '))})`;
}
