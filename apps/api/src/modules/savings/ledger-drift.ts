import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { signedAmountSql } from './ledger-sql.ts';

export type LedgerDrift = { accountId: string; storedKobo: number; ledgerKobo: number };

/**
 * Reconciliation (DECISIONS 9): every account whose stored balance differs from the sum of its
 * ledger. Empty on a healthy database; tests run it after every file, operators may run it any time.
 */
export async function findLedgerDrift(db: Database | Transaction): Promise<LedgerDrift[]> {
  const rows = await queryRows<{ account_id: string; stored: string | number; ledger: string | number }>(
    db,
    sql`
      select a.id as account_id, a.balance_kobo as stored, coalesce(l.total, 0) as ledger
      from savings_accounts a
      left join (
        select account_id,
               sum(${signedAmountSql}) as total
        from savings_transactions
        group by account_id
      ) l on l.account_id = a.id
      where a.balance_kobo <> coalesce(l.total, 0)
      order by a.id`,
  );
  return rows.map((row) => ({ accountId: row.account_id, storedKobo: Number(row.stored), ledgerKobo: Number(row.ledger) }));
}
