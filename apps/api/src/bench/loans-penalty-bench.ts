/**
 * Issue 33, part B's share of npm run bench:loans: the bench's loan products get the by-laws'
 * penalty (2% of the overdue amount a month past a 7-day grace, capped at 10% of the instalment,
 * paid after the principal due, so the monthly run that follows still clears every arrears), then
 * the daily penalty job runs once through "Run now" (target 2 s on PostgreSQL for 10,000 loans, one
 * in five in arrears) and once more, which must charge nothing.
 */
import { sql } from 'drizzle-orm';
import type { PenaltyRunView } from '@kobo/core';
import type { Database } from '../db/client.ts';

export type PenaltyBenchResult = { penaltyJobSeconds: number; charges: number; loans: number };

export async function benchPenalties(options: { db: Database; baseUrl: string; cookie: string; log: (line: string) => void }): Promise<PenaltyBenchResult> {
  const { baseUrl, cookie } = options;
  await options.db.execute(sql`
    update loan_products set penalty_kind = 'percent', penalty_value = 200, penalty_frequency = 'monthly', penalty_grace_days = 7,
                             penalty_cap_kind = 'percent', penalty_cap_value = 1000, penalty_order = 'after_principal'`);
  const run = async (): Promise<PenaltyRunView> => {
    const response = await fetch(`${baseUrl}/api/loan-penalties/run`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: baseUrl }, body: '{}' });
    if (response.status !== 200) throw new Error(`POST /api/loan-penalties/run: ${response.status} ${await response.text()}`);
    return (await response.json()) as PenaltyRunView;
  };
  const started = performance.now();
  const first = await run();
  const penaltyJobSeconds = Math.round(performance.now() - started) / 1000;
  if (first.charges === 0) throw new Error('the penalty job charged nothing on loans in arrears');
  const again = await run();
  if (again.charges !== 0) throw new Error(`the penalty job run twice charged ${again.charges} more`);
  options.log(
    `penalty job: ${first.charges.toLocaleString('en-NG')} charges on ${first.loans.toLocaleString('en-NG')} loans in ${penaltyJobSeconds.toFixed(3)} s ` +
      `(target 2 s: ${penaltyJobSeconds < 2 ? 'met' : 'MISSED'}); run again: nothing charged`,
  );
  return { penaltyJobSeconds, charges: first.charges, loans: first.loans };
}
