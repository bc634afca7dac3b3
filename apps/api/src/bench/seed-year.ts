import { sql } from 'drizzle-orm';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { queryRows, type Database } from '../db/client.ts';

type Admin = { id: string; email: string };

/**
 * A year of members' postings for bench:yearend, set-based (three statements, whatever the count):
 * every bench member (users 'bench-%', seeded by seedLoans with an ordinary account) gets a shares
 * account; each month of `year` they save ₦5,000 into ordinary savings and buy ₦1,000 of shares,
 * valued on a day of the month that depends on the member (1st to 28th), and in December they
 * withdraw ₦2,000 from ordinary savings: 25 rows a member, value dates spread over the year.
 * Balances are raised by the same sums, so the ledger shows no drift; the journal's trigger books
 * every row, as the app's own postings are booked.
 */
export async function seedYearOfPostings(db: Database, options: { year: number; sharesProductId: string; admin: Admin }): Promise<number> {
  const { year, sharesProductId, admin } = options;
  const first = `${year}-01-01`;
  await db.execute(sql`
    insert into savings_accounts (user_id, holder_name, staff_id, product_id, balance_kobo, created_at)
    select u.id, u.name, u.staff_id, ${sharesProductId}, 0, ${first}::date from users u where u.id like 'bench-%'`);
  // The ordinary accounts were opened later by seedLoans; the year's savings came before.
  await db.execute(sql`update savings_accounts set created_at = ${first}::date where user_id like 'bench-%'`);
  const [inserted] = await queryRows<{ rows: number }>(db, sql`
    with posted as (
      insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at, value_date)
      select a.id, 'deposit', case when a.product_id = ${sharesProductId}::uuid then 100000 else 500000 end, 'Bench monthly saving',
             ${admin.id}, ${admin.email}, ${admin.email}, d.day, d.day
      from savings_accounts a
      cross join generate_series(1, 12) as m(month)
      cross join lateral (select make_date(${year}, m.month, 1 + substr(a.staff_id, 4)::int % 28) as day) d
      where a.user_id like 'bench-%' and a.product_id in (${sharesProductId}::uuid, ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid)
      union all
      select a.id, 'withdrawal', 200000, 'Bench December withdrawal', ${admin.id}, ${admin.email}, ${admin.email}, d.day, d.day
      from savings_accounts a
      cross join lateral (select make_date(${year}, 12, 2 + substr(a.staff_id, 4)::int % 27) as day) d
      where a.user_id like 'bench-%' and a.product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid
      returning 1)
    select count(*)::int as rows from posted`);
  await db.execute(sql`
    update savings_accounts a set balance_kobo = a.balance_kobo + case when a.product_id = ${sharesProductId}::uuid then 12 * 100000 else 12 * 500000 - 200000 end
    where a.user_id like 'bench-%' and a.product_id in (${sharesProductId}::uuid, ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid)`);
  return inserted!.rows;
}
