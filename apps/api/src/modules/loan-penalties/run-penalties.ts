import { sql } from 'drizzle-orm';
import { AppError, calendarDate, MESSAGES, type IsoDate, type PenaltyRunView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { accrueIn } from './accrue-penalties.ts';
import type { LoanPenaltyDeps } from './loan-penalty-deps.ts';

/** scheduled_runs' name for the daily penalty job; its period is the business date. */
export const PENALTY_RUN = 'loan_penalties';

/**
 * The schedule's run for today: the first check of the day, on any instance, claims the day's
 * scheduled_runs row and charges in the same transaction; every later check finds the row and does
 * nothing. A run that fails leaves nothing claimed, for the next check to retry. Returns what it
 * charged, or null when the day was already run.
 */
export async function runScheduledPenalties(deps: LoanPenaltyDeps): Promise<PenaltyRunView | null> {
  const today = calendarDate(deps.now(), deps.timeZone);
  return deps.db.transaction(async (tx) => {
    const won = await queryRows<{ period: string }>(
      tx,
      sql`insert into scheduled_runs (name, period, started_at) values (${PENALTY_RUN}, ${today}, ${deps.now().toISOString()}::timestamptz)
          on conflict do nothing returning period`,
    );
    if (won.length === 0) return null;
    const result = await accrueIn(tx, { id: null }, today);
    await tx.execute(sql`
      update scheduled_runs set finished_at = ${deps.now().toISOString()}::timestamptz, result = ${JSON.stringify(result)}::jsonb
      where name = ${PENALTY_RUN} and period = ${today}`);
    return result;
  });
}

/**
 * An officer's "Run now" for a business date (today when none): the same job, at once, whatever
 * the schedule did. It charges only what is missing, so running it after the schedule (or twice)
 * charges nothing more. Audited when it charged anything.
 */
export async function runPenaltiesNow(deps: LoanPenaltyDeps, actor: Actor, input: { businessDate?: string | undefined }): Promise<PenaltyRunView> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const businessDate = (input.businessDate ?? today) as IsoDate;
  if (businessDate > today) throw new AppError('VALIDATION', { message: MESSAGES.loanPenaltyJobDateInvalid, field: 'businessDate' });
  return deps.db.transaction(async (tx) => {
    const result = await accrueIn(tx, { id: actor.id }, businessDate);
    if (result.charges > 0) {
      await recordAudit(tx, {
        kind: 'loan.penalties_run',
        actor,
        target: { type: 'settings', id: 'loan_penalties', label: `Loan penalties for ${businessDate}` },
        after: result,
        at: deps.now(),
      });
    }
    return result;
  });
}
