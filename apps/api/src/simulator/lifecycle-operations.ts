import { LifecycleModel } from './lifecycle-model.ts';
import type { Operation } from './operations.ts';
import { payrollLoop, standingChange } from './payroll-loop.ts';
import { seededRandom } from './prng.ts';
import type { World } from './world.ts';

/**
 * A member's life beyond single postings (issue 35, decision 065): standing-contribution changes,
 * the payroll loop, the year end and exits. Planned from their own dice (`world.life.random`), so
 * adding them shifts the earlier operations' dice as little as possible.
 */
export function lifecycleWorld(seed: number): World['life'] {
  return { model: new LifecycleModel(), random: seededRandom(seed * 1_000_003 + 65) };
}

/** The day's lifecycle operations, beside the day's postings: members changing what they pledge. */
export function planLifecycleDay(world: World): Operation[] {
  const { random, model } = world.life;
  const operations: Operation[] = [];
  for (const member of world.members) {
    // A member who never pledged is soon asked to; one who did changes it now and then.
    const pledged = model.allStanding().has(member.userId);
    if (random.chance(pledged ? 0.01 : 0.3)) operations.push(standingChange(world, member));
  }
  return operations;
}

/**
 * The month's run: mostly the payroll loop (advice, remittance, matched and posted), some months
 * the plain monthly run the payroll program posts with its token (the loop's first month included).
 */
export function planRunDay(world: World, index: number, plainRun: () => Operation): Operation {
  return index > 0 && world.life.random.chance(0.75) ? payrollLoop(world) : plainRun();
}

/** The end of each simulated day, weekends included: every balance counts for the day (interest on savings). */
export function closeLifecycleDay(world: World): void {
  world.life.model.closeDay(world.model.allBalances(), world.clock.isoDay());
}
