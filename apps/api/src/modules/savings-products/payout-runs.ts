import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/** scheduled_runs names: a target product's pay-out per year ('<product>:2026'), a deposit's maturity ('<account>:2027-05-20'). */
export const TARGET_PAYOUT_RUN = 'savings-target-payout';
export const FIXED_MATURITY_RUN = 'savings-fixed-maturity';

/** The target products whose pay-out for `year` has been made (a member's next pay-out day is then next year's). */
export async function targetsPaidOut(db: Database | Transaction, year: number): Promise<Set<string>> {
  const rows = await queryRows<{ period: string }>(
    db,
    sql`select period from scheduled_runs where name = ${TARGET_PAYOUT_RUN} and finished_at is not null and period like ${`%:${year}`}`,
  );
  return new Set(rows.map((row) => row.period.slice(0, row.period.lastIndexOf(':'))));
}
