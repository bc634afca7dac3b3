import type { Operation } from './operations.ts';
import { SimulationFailure } from './simulation-failure.ts';
import type { SimulationOptions } from './simulation.ts';
import type { World } from './world.ts';

/**
 * Shrinking (issue 35): a failing seed is replayed with some of its operations dropped, each
 * replay on a fresh database; a drop is kept when the run still fails with the same invariant.
 * What is left is the shortest run found in the time allowed: its seed, its skip list (replay it
 * with `npm run simulate -- --seed S --skip 3,8,21`), its simulated date and every request it sent.
 *
 * Operations are numbered in the order they are planned, so a skip list names the same operations
 * on every replay up to the first one dropped; after it the dice fall differently (a dropped
 * deposit leaves another amount for the next withdrawal). That is why a drop is only kept when the
 * replay still fails: the failing run is whatever the seed and the skip list make of it.
 */
export type ReplayPlan = {
  /** Operation numbers (from 0, in planning order) not to run. */
  skip: ReadonlySet<number>;
  /** How many operations the run planned: filled in as it goes. */
  planned: number;
  /** Every request the run sent, with its simulated day: filled in as it goes. */
  requests: string[];
};

export const newReplayPlan = (skip: Iterable<number> = []): ReplayPlan => ({ skip: new Set(skip), planned: 0, requests: [] });

const plans = new WeakMap<World, ReplayPlan>();

/** The runner hands its plan over once: every request the run sends is kept for the report. */
export function followReplayPlan(world: World, plan: ReplayPlan | undefined): void {
  if (!plan) return;
  plans.set(world, plan);
  const { log } = world;
  const add = log.add.bind(log);
  log.add = (line) => {
    plan.requests.push(`${world.clock.isoDay()} ${line}`);
    add(line);
  };
}

/** The operations of one call to runInWaves, numbered, less those the plan skips. */
export function operationsToRun(world: World, operations: Operation[]): Operation[] {
  const plan = plans.get(world);
  if (!plan) return operations;
  return operations.filter(() => runsNext(world));
}

/** Whether the next piece of work the plan numbers (a bank wave, concurrent-reads.ts) is to run. */
export function runsNext(world: World): boolean {
  const plan = plans.get(world);
  if (!plan) return true;
  plan.planned += 1;
  return !plan.skip.has(plan.planned - 1);
}

export type ShrinkOptions = {
  /** Runs the simulation on a fresh database (and closes it): how a replay is made. */
  replay: (options: SimulationOptions) => Promise<unknown>;
  /** Stop trying to drop more after this long; what was found so far is reported. */
  budgetMs: number;
};

export type ShrunkFailure = {
  failure: SimulationFailure;
  skip: number[];
  operations: number;
  requests: string[];
  replays: number;
  report: string;
};

/**
 * Shrinks `failure`, which a run with `options` and `plan` (its plan, filled in by that run) threw.
 * Drops halves, then quarters, … then single operations, latest first (delta debugging, ddmin's coarse half),
 * keeping each drop that still fails with the same invariant, until the budget runs out.
 */
export async function shrinkFailure(failure: SimulationFailure, options: SimulationOptions, plan: ReplayPlan, shrink: ShrinkOptions): Promise<ShrunkFailure> {
  const deadline = performance.now() + shrink.budgetMs;
  const original = { failure, plan };
  let best = original;
  let replays = 0;

  const tryWithout = async (candidates: number[]): Promise<boolean> => {
    const skip = new Set([...best.plan.skip, ...candidates]);
    const next = newReplayPlan(skip);
    replays += 1;
    try {
      await shrink.replay({ ...options, replay: next });
      return false;
    } catch (error) {
      if (!(error instanceof SimulationFailure) || error.invariant !== failure.invariant) return false;
      best = { failure: error, plan: next };
      return true;
    }
  };

  let chunk = Math.max(1, Math.floor(best.plan.planned / 2));
  while (performance.now() < deadline) {
    let dropped = false;
    const open = [...Array(best.plan.planned).keys()].filter((index) => !best.plan.skip.has(index));
    // From the end backwards: the first operations (the founders joining) are what later ones stand on.
    for (let end = open.length; end > 0 && performance.now() < deadline; end -= chunk) {
      if (await tryWithout(open.slice(Math.max(0, end - chunk), end))) dropped = true;
    }
    if (chunk === 1 && !dropped) break;
    if (!dropped) chunk = Math.max(1, Math.floor(chunk / 2));
  }

  const skip = [...best.plan.skip].toSorted((a, b) => a - b);
  const kept = best.plan.planned - skip.filter((index) => index < best.plan.planned).length;
  const report = [
    best.failure.message.split('\nlast requests:')[0] ?? best.failure.message,
    `shrunk in ${replays} replays: ${kept} operations and ${best.plan.requests.length} requests still fail (the original run: ${original.plan.planned} operations, ${original.plan.requests.length} requests)`,
    `replay: npm run simulate -- --seed ${failure.seed} --years ${options.years} --members ${options.members}${skip.length > 0 ? ` --skip ${skip.join(',')}` : ''}`,
    'every request of the shrunk run:',
    ...best.plan.requests.map((line) => `  ${line}`),
  ].join('\n');
  return { failure: best.failure, skip, operations: kept, requests: best.plan.requests, replays, report };
}
