import { sql } from 'drizzle-orm';
import type { IsoDate } from '@kobo/core';
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

export type NegativeStatement = { accountId: string; holderName: string; staffId: string | null; firstDay: IsoDate; lowestKobo: number };

/**
 * Issue 26: every account whose statement, ordered by value date and read at the end of each day,
 * goes below zero somewhere: the first such day and the lowest balance. Empty on a healthy
 * database (the posting rule in ledger-sql.ts keeps it so); `npm run check:ledger` lists what
 * earlier data left, and the tests' drift check expects none. Reads only.
 */
export async function findNegativeStatements(db: Database | Transaction): Promise<NegativeStatement[]> {
  const rows = await queryRows<{ account_id: string; holder_name: string; staff_id: string | null; first_day: IsoDate; lowest: string | number }>(
    db,
    sql`
      with daily as (
        select account_id, value_date, sum(${signedAmountSql}) as day_kobo
        from savings_transactions
        group by account_id, value_date
      ),
      running as (
        select account_id, value_date, sum(day_kobo) over (partition by account_id order by value_date) as balance
        from daily
      )
      select r.account_id, a.holder_name, a.staff_id, min(r.value_date)::text as first_day, min(r.balance) as lowest
      from running r
      join savings_accounts a on a.id = r.account_id
      where r.balance < 0
      group by r.account_id, a.holder_name, a.staff_id
      order by a.staff_id nulls last, a.holder_name, r.account_id`,
  );
  return rows.map((row) => ({ accountId: row.account_id, holderName: row.holder_name, staffId: row.staff_id, firstDay: row.first_day, lowestKobo: Number(row.lowest) }));
}
