import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** Issue 29: a shares product (minimum ₦25,000) and a Christmas target product, each under its own control account. */
export async function seedProducts(db: Database): Promise<{ shares: string; christmas: string }> {
  const product = async (code: string, name: string, kind: 'shares' | 'target') => {
    const [account] = await queryRows<{ id: string }>(
      db,
      sql`insert into ledger_accounts (book, code, name, kind, subledger) values ('scheme', ${code}, ${name}, ${kind === 'shares' ? 'equity' : 'liability'}, 'member_savings') returning id`,
    );
    const [row] = await queryRows<{ id: string }>(
      db,
      kind === 'shares'
        ? sql`insert into savings_products (name, kind, control_account_id, minimum_holding_kobo) values (${name}, 'shares', ${account!.id}, 2500000) returning id`
        : sql`insert into savings_products (name, kind, control_account_id, window_opens, window_closes, payout_on, payout_to)
              values (${name}, 'target', ${account!.id}, '12-01', '12-31', '12-31', 'ordinary') returning id`,
    );
    return row!.id;
  };
  return { shares: await product('2910', 'Bench Shares', 'shares'), christmas: await product('2920', 'Bench Christmas Savings', 'target') };
}
