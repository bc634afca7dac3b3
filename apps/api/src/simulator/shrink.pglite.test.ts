import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SimulationFailure } from './simulation-failure.ts';
import type { SimulationOptions } from './simulation.ts';
import { simulateInTest } from './simulation-test-support.ts';
import { newReplayPlan, shrinkFailure } from './shrink.ts';

describe('shrinking a failure', () => {
  it('replays the seed with operations dropped and reports a shorter run that still fails the same way', { timeout: 240_000 }, async () => {
    const options: SimulationOptions = {
      seed: 31,
      years: 1,
      members: 4,
      afterMonth: async ({ index, app }) => {
        if (index !== 1) return;
        // The planted bug: the latest deposit written a second time.
        await app.kobo.database.db.execute(sql`
          insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, created_at, value_date)
          select account_id, type, amount_kobo, description, created_by_id, created_by_email, created_at, value_date
          from savings_transactions where type = 'deposit' and reverses_id is null order by seq desc limit 1`);
      },
    };
    const plan = newReplayPlan();
    const failure = await simulateInTest({ ...options, replay: plan }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SimulationFailure);
    if (!(failure instanceof SimulationFailure)) return;
    expect(failure.simulatedDay).toBe('2016-02-29');

    const shrunk = await shrinkFailure(failure, options, plan, { replay: simulateInTest, budgetMs: 30_000 });
    expect(shrunk.failure.invariant).toBe(failure.invariant);
    expect(shrunk.operations).toBeLessThan(plan.planned);
    expect(shrunk.requests.length).toBeLessThan(plan.requests.length);
    expect(shrunk.report).toContain(`simulator: invariant broken: ${failure.invariant}\nseed 31, simulated date 2016-02-29`);
    expect(shrunk.report).toContain(`replay: npm run simulate -- --seed 31 --years 1 --members 4 --skip ${shrunk.skip.join(',')}`);
    expect(shrunk.report).toContain(`${shrunk.operations} operations and ${shrunk.requests.length} requests still fail (the original run: ${plan.planned} operations, ${plan.requests.length} requests)`);
  });
});
