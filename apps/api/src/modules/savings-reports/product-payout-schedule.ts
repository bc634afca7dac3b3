import type { FastifyBaseLogger } from 'fastify';
import type { SavingsPayoutRun } from '@kobo/core';
import { runProductPayouts, type PayoutDeps } from './run-product-payouts.ts';

const HOURLY = 60 * 60 * 1000;

export type ProductPayoutSchedule = {
  /** Makes whatever pay-outs and maturities are due and not yet made; what it made. */
  check: () => Promise<SavingsPayoutRun[]>;
  close: () => Promise<void>;
};

/**
 * The daily pay-outs (issue 29), checked at start-up and then hourly, as the monthly statements
 * are: a pay-out day's first check, on any instance, makes that day's runs; every later check finds
 * them claimed in scheduled_runs and does nothing. One check at a time in this process.
 */
export function startProductPayouts(options: PayoutDeps & { log: FastifyBaseLogger; hourly: boolean }): ProductPayoutSchedule {
  const { log } = options;
  let running: Promise<SavingsPayoutRun[]> | null = null;

  function check(): Promise<SavingsPayoutRun[]> {
    running ??= runProductPayouts(options)
      .then((runs) => {
        if (runs.length > 0) log.info({ runs }, 'savings pay-outs and maturities made');
        return runs;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const tick = () => void check().catch((error: unknown) => log.error({ err: error }, 'the savings pay-outs could not be run'));
  const timer = options.hourly ? setInterval(tick, HOURLY) : null;
  timer?.unref();
  return {
    check,
    close: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
