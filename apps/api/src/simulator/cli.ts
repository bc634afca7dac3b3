/**
 * `npm run simulate -- --seed N --years Y --members M [--loans off] [--skip 3,8] [--shrink] [--faults]`: a simulated cooperative's life driven
 * through Kobo's HTTP API (simulation.ts), every invariant checked each month. On PGlite in a
 * temporary directory by default; on a scratch database of DATABASE_URL's server when it is set
 * (dropped afterwards, as the benches do). Exits 1 with the seed, the simulated date, the broken
 * invariant and the last requests when a check fails; with --shrink, then the shortest failing
 * run it found (shrink.ts). --faults runs Kobo as child processes that are killed, doubled and
 * restored from a backup (faults.ts; PostgreSQL only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { createScratchDatabase } from '../bench/scratch-database.ts';
import { SIMULATION_START, SimulatedClock } from './simulated-clock.ts';
import { FaultyServers } from './faults.ts';
import { newReplayPlan, shrinkFailure } from './shrink.ts';
import { SimulationFailure } from './simulation-failure.ts';
import { runSimulation, type SimulationOptions, type SimulationResult } from './simulation.ts';

/** The run's lines on stdout (a script's output, as the benches print theirs). */
const say = (line: string) => process.stdout.write(`${line}\n`);

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, not ${text}`);
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      years: { type: 'string', default: '2' },
      members: { type: 'string', default: '12' },
      // Off: a scheme without loans; either way the run day is mostly the payroll loop (decision 067).
      loans: { type: 'string', default: 'on' },
      // Operations not to run (a shrunk failure's replay), and whether to shrink a failure (shrink.ts).
      skip: { type: 'string', default: '' },
      shrink: { type: 'boolean', default: false },
      faults: { type: 'boolean', default: false },
    },
  });
  const skip = values.skip ? values.skip.split(',').map((text) => wholeNumber('skip', text, 0)) : [];
  const seed = wholeNumber('seed', values.seed, 0);
  const years = wholeNumber('years', values.years, 1);
  // The calendar starts in January 2016; past the real today the database's current_date would disagree with it.
  const end = new Date(SIMULATION_START);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  if (end > new Date()) throw new Error(`--years ${years} would simulate days after today: the calendar starts on ${SIMULATION_START.toISOString().slice(0, 10)}`);
  const members = wholeNumber('members', values.members, 2);
  if (values.loans !== 'on' && values.loans !== 'off') throw new Error(`--loans must be on or off, not ${values.loans}`);
  const loans = values.loans === 'on';

  const serverUrl = process.env.DATABASE_URL;
  if (values.faults && !serverUrl) {
    throw new Error('--faults needs DATABASE_URL (PostgreSQL): a second instance and a backup taken beside a running server need a database server (docs/decisions/066-simulator-faults.md)');
  }
  const where = `${serverUrl ? 'PostgreSQL' : 'PGlite'}${values.faults ? ', with faults' : ''}`;
  const options: SimulationOptions = { seed, years, members, loans };
  const plan = newReplayPlan(skip);
  const started = performance.now();
  say(`simulating seed ${seed}: ${years} years, ${members} members, ${loans ? 'with loans' : 'without loans'}, on ${where}${skip.length > 0 ? `, skipping operations ${skip.join(',')}` : ''}`);
  try {
    const result = await (values.faults && serverUrl ? simulateWithFaults(serverUrl, { ...options, replay: plan, progress: say }) : simulateOnce(serverUrl, { ...options, replay: plan, progress: say }));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(`seed ${seed}: ${result.months} months to ${result.lastDay} in ${seconds} s, every invariant held each month`);
    say(JSON.stringify(result.tally));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (values.shrink && error instanceof SimulationFailure) {
      say('shrinking: replaying the seed with operations dropped (at most 10 minutes)…');
      const replay = (replayed: SimulationOptions) => (values.faults && serverUrl ? simulateWithFaults(serverUrl, replayed) : simulateOnce(serverUrl, replayed));
      const shrunk = await shrinkFailure(error, options, plan, { replay, budgetMs: 10 * 60_000 });
      console.error(shrunk.report);
    }
    return 1;
  }
}

/** One run in process: PGlite in a temporary directory, or a scratch database of DATABASE_URL's server (dropped afterwards). */
async function simulateOnce(serverUrl: string | undefined, options: SimulationOptions): Promise<SimulationResult> {
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'kobo_simulate') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-simulate-'));
  const env = readEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const clock = new SimulatedClock();
  const app = await buildApp({ env, now: clock.now, backgroundJobs: false, logger: false });
  try {
    return await runSimulation(app, clock, options);
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One run against child servers with faults (faults.ts); the faults injected are reported at the end. */
async function simulateWithFaults(serverUrl: string, options: SimulationOptions): Promise<SimulationResult> {
  const servers = await FaultyServers.open({ serverUrl, seed: options.seed, months: Math.round(options.years * 12) });
  try {
    return await runSimulation(servers, servers.clock, { ...options, afterMonth: ({ index }) => servers.afterMonth(index) });
  } finally {
    say(`faults injected: ${JSON.stringify(servers.injected)}`);
    await servers.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
