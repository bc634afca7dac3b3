/**
 * `npm run simulate -- --seed N --years Y --members M [--loans off]`: a simulated cooperative's life driven
 * through Kobo's HTTP API (simulation.ts), every invariant checked each month. On PGlite in a
 * temporary directory by default; on a scratch database of DATABASE_URL's server when it is set
 * (dropped afterwards, as the benches do). Exits 1 with the seed, the simulated date, the broken
 * invariant and the last requests when a check fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { createScratchDatabase } from '../bench/scratch-database.ts';
import { SIMULATION_START, SimulatedClock } from './simulated-clock.ts';
import { runSimulation } from './simulation.ts';

/** The run's lines on stdout (a script's output, as the benches print theirs). */
const say = (line: string) => process.stdout.write(`${line}\n`);

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, not ${text}`);
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { seed: { type: 'string', default: '1' }, years: { type: 'string', default: '2' }, members: { type: 'string', default: '12' }, loans: { type: 'string', default: 'on' } },
  });
  const seed = wholeNumber('seed', values.seed, 0);
  const years = wholeNumber('years', values.years, 1);
  // The calendar starts in January 2016; past the real today the database's current_date would disagree with it.
  const end = new Date(SIMULATION_START);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  if (end > new Date()) throw new Error(`--years ${years} would simulate days after today: the calendar starts on ${SIMULATION_START.toISOString().slice(0, 10)}`);
  const members = wholeNumber('members', values.members, 2);
  // A life with loans runs the plain monthly run; one without runs the payroll loop (decision 065's addendum).
  if (values.loans !== 'on' && values.loans !== 'off') throw new Error(`--loans must be on or off, not ${values.loans}`);
  const loans = values.loans === 'on';

  const serverUrl = process.env.DATABASE_URL;
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
  const started = performance.now();
  say(`simulating seed ${seed}: ${years} years, ${members} members, ${loans ? 'with loans' : 'with the payroll loop'}, on ${scratch ? 'PostgreSQL' : 'PGlite'}`);
  try {
    const result = await runSimulation(app, clock, { seed, years, members, loans, progress: say });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(`seed ${seed}: ${result.months} months to ${result.lastDay} in ${seconds} s, every invariant held each month`);
    say(JSON.stringify(result.tally));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
