import { sql, type SQL } from 'drizzle-orm';
import { GUARANTEE_BINDING_STATUSES } from '@kobo/core';

/**
 * Everything held of one account's savings, in SQL: what loans hold plus what withdrawals and
 * transfers awaiting approval hold (issues 12, 15). Every path that takes money out (a withdrawal,
 * a transfer, a monthly run's withdrawal rows) checks it inside its own statement, under the
 * account's row lock, and every account view shows it; this sum is the one home for "held".
 */
export function heldKoboSql(accountId: SQL): SQL {
  return sql`(${loanHeldKoboSql(accountId)} + ${pendingHeldKoboSql(accountId)})::bigint`;
}

/**
 * The savings held against loans on one account (COOPERATIVE.md "Loans"; issue 12):
 * - as a borrower, each active loan's outstanding principal ÷ its savings multiple, rounded up
 *   (core's borrowerLien, in integer arithmetic so the two agree to the kobo);
 * - as a guarantor, every accepted guarantee on a loan not yet closed (from acceptance: a guarantee
 *   is only worth the savings behind it).
 */
export function loanHeldKoboSql(accountId: SQL): SQL {
  const binding = sql.raw(GUARANTEE_BINDING_STATUSES.map((status) => `'${status}'`).join(', '));
  return sql`(
    coalesce((
      select sum((owed.principal_left * 100 + l.savings_multiple - 1) / l.savings_multiple)
      from loans l
      cross join lateral (
        select coalesce(sum(i.principal_kobo - i.principal_paid_kobo), 0)::bigint as principal_left
        from loan_instalments i where i.loan_id = l.id
      ) owed
      where l.account_id = ${accountId} and l.status = 'active'
    ), 0)
    + coalesce((
      select sum(g.amount_kobo)
      from loan_guarantors g join loans l on l.id = g.loan_id
      where g.account_id = ${accountId} and g.status = 'accepted' and l.status in (${binding})
    ), 0)
  )::bigint`;
}

/**
 * What withdrawals and transfers awaiting approval hold of one account (issue 15): each pending
 * request's whole amount, from the moment it is recorded until it is approved, declined or
 * cancelled. Only requests that take money out carry an account to hold (a deposit holds nothing).
 * Reads the partial index savings_requests_pending_account_idx.
 */
export function pendingHeldKoboSql(accountId: SQL): SQL {
  return sql`coalesce((
    select sum(r.amount_kobo) from savings_requests r
    where r.account_id = ${accountId} and r.status = 'pending' and r.type <> 'deposit'
  ), 0)::bigint`;
}

/**
 * What a borrower already owes or has asked for, in SQL: the outstanding principal of their active
 * loans and the principal of their applications not yet decided or paid out. A new loan's limit is
 * the multiple of savings less this (core's maxLoanFor), so two loans never borrow the same savings twice.
 */
export function alreadyBorrowedSql(accountId: SQL): SQL {
  return sql`(
    coalesce((
      select sum(i.principal_kobo - i.principal_paid_kobo)
      from loans l join loan_instalments i on i.loan_id = l.id
      where l.account_id = ${accountId} and l.status = 'active'
    ), 0)
    + coalesce((
      select sum(l.principal_kobo) from loans l
      where l.account_id = ${accountId} and l.status in ('awaiting_guarantors', 'awaiting_approval', 'approved')
    ), 0)
  )::bigint`;
}
