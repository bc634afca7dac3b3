import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** The id of a default-chart account by its system key ('scheme.bank', 'scheme.bank_charges', …): names and codes an admin may change. */
export async function ledgerAccountId(db: Database, systemKey: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from ledger_accounts where system_key = ${systemKey}`);
  if (!row) throw new Error(`no account ${systemKey}`);
  return row.id;
}
