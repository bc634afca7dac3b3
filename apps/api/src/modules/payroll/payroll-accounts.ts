import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/**
 * The books' account a mapping key names ('savings.payroll', 'payroll.overdeductions',
 * 'savings.cash'): the over-deductions' entries post where the scheme mapped them (Settings →
 * Books), as the savings posting rules do.
 */
export async function mappedAccount(db: Database | Transaction, key: string): Promise<string> {
  const [row] = await queryRows<{ account_id: string }>(db, sql`select account_id from ledger_mappings where key = ${key}`);
  if (!row) throw new Error(`the books have no account mapped for ${key}`);
  return row.account_id;
}
