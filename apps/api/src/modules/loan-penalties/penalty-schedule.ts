import type { FastifyBaseLogger } from 'fastify';
import type { PenaltyRunView } from '@kobo/core';
import type { LoanPenaltyDeps } from './loan-penalty-deps.ts';
import { runScheduledPenalties } from './run-penalties.ts';

const HOURLY = 60 * 60 * 1000;

export type PenaltySchedule = { check: () => Promise<PenaltyRunView | null>; close: () => Promise<void> };

/**
 * The daily penalty job (issue 33), checked at start-up and then hourly, as the savings pay-outs
 * are: the day's first check on any instance runs it (scheduled_runs holds the day), later ones do
 * nothing. One check at a time in this process.
 */
export function startPenaltySchedule(options: LoanPenaltyDeps & { log: FastifyBaseLogger; hourly: boolean }): PenaltySchedule {
  const { log } = options;
  let running: Promise<PenaltyRunView | null> | null = null;
  function check(): Promise<PenaltyRunView | null> {
    running ??= runScheduledPenalties(options)
      .then((result) => {
        if (result && result.charges > 0) log.info({ result }, 'loan penalties charged');
        return result;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }
  const timer = options.hourly ? setInterval(() => void check().catch((error: unknown) => log.error({ err: error }, 'the loan penalties could not be run')), HOURLY) : null;
  timer?.unref();
  return {
    check,
    close: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
