import { createTestContext } from '../test/test-app.ts';
import { SimulatedClock } from './simulated-clock.ts';
import { runSimulation, type SimulationOptions } from './simulation.ts';

/**
 * A fresh database (PGlite, or PostgreSQL in api-postgres) and app on the simulated clock, run
 * with `options`: what simulator.test.ts does, for the simulator's other test files.
 */
export async function simulateInTest(options: SimulationOptions) {
  const clock = new SimulatedClock();
  const ctx = await createTestContext({ LOG_LEVEL: 'silent' }, clock.now);
  let result;
  try {
    result = await runSimulation(ctx.app, clock, options);
  } catch (error) {
    // The simulator's report, not close()'s own end-of-file ledger check, which a planted bug also trips.
    await ctx.close().catch(() => {});
    throw error;
  }
  await ctx.close();
  return result;
}
