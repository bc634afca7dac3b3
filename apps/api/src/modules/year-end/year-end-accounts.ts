import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.ts';

/** The accounts the year end posts to, by their mapping key (migration 0024: 'yearend.*'). */
export async function yearEndAccounts(tx: Transaction, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ key: string; account_id: string }>(
    tx,
    sql`select key, account_id::text from ledger_mappings where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  const accounts = new Map(rows.map((row) => [row.key, row.account_id]));
  const missing = keys.find((key) => !accounts.has(key));
  if (missing) throw new Error(`the books have no account mapped for ${missing}`);
  return accounts;
}
