import { sql, type SQL } from 'drizzle-orm';
import { INFLOW_TYPES, SAVINGS_HOLDER_ROLES } from '@kobo/core';
import { and, eq, type AnyColumn } from 'drizzle-orm';
import { ORDINARY_SAVINGS_PRODUCT_ID, savingsAccounts, savingsTransactions, standingContributions } from '../../db/schema.ts';

/**
 * Issue 29: a member's ordinary savings account, the one every screen before savings products
 * showed (and still shows as "savings"). `alias` names savings_accounts in the query. The product
 * id is written into the statement's text, so a prepared statement keeps one plan.
 */
export function ordinaryAccountSql(alias: string): SQL {
  return sql.raw(`${alias}.product_id = '${ORDINARY_SAVINGS_PRODUCT_ID}'`);
}

/** The same, as a Drizzle condition on savings_accounts. */
export const isOrdinaryAccount = eq(savingsAccounts.productId, ORDINARY_SAVINGS_PRODUCT_ID);

/** A member's standing contribution to ordinary savings, as a Drizzle condition. */
export function ordinaryContributionOf(userId: string | AnyColumn): SQL {
  return and(eq(standingContributions.userId, userId), eq(standingContributions.productId, ORDINARY_SAVINGS_PRODUCT_ID)) as SQL;
}

/** A member's ordinary savings account by user id, as a Drizzle condition. */
export function ordinaryAccountOf(userId: string | AnyColumn): SQL {
  return and(eq(savingsAccounts.userId, userId), isOrdinaryAccount) as SQL;
}

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

/** A ledger row's signed amount, for a query that names savings_transactions by `alias`. */
function signedAmountOf(alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`case when ${column('type')} in (${sql.raw(INFLOW_TYPES.map((type) => `'${type}'`).join(', '))}) then ${column('amount_kobo')} else -${column('amount_kobo')} end`;
}

/**
 * Issue 26, the one home of "a posting may not take the running balance below zero on any day
 * from its value date onward": the first day ('YYYY-MM-DD' text) on which the account's statement, ordered by
 * value date and read at the end of each day, would go below zero once `deltaKobo` is added on
 * `valueDate`; null when it never would. Money coming in (delta >= 0) is never refused.
 *
 * `balanceKobo` is the stored balance (the sum of the whole ledger, as the drift check holds) read
 * under the account's lock: the balance at the end of `valueDate` is it less everything valued
 * later, and each later day adds its own rows back. Only rows valued after `valueDate` are read,
 * through the (account_id, value_date desc, seq desc) index: none for a posting valued today.
 */
export function firstDayBelowZeroSql(accountId: SQL, balanceKobo: SQL, valueDate: SQL, deltaKobo: SQL): SQL {
  return sql`(case when ${deltaKobo} < 0 then (
    select min(days.value_date)::text
    from (
      select ${valueDate}::date as value_date, 0::numeric as added_kobo
      union all
      select later.value_date, sum(${signedAmountOf('later')}) over (order by later.value_date)
      from savings_transactions later
      where later.account_id = ${accountId} and later.value_date > ${valueDate}::date
    ) days
    where ${balanceKobo}
          - (select coalesce(sum(${signedAmountOf('valued_later')}), 0) from savings_transactions valued_later
             where valued_later.account_id = ${accountId} and valued_later.value_date > ${valueDate}::date)
          + days.added_kobo + ${deltaKobo} < 0
  ) end)`;
}
