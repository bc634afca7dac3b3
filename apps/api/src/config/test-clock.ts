import { readFileSync } from 'node:fs';
import type { Env } from './env.ts';

/**
 * The server's clock: the wall clock, or, outside production, the instant written in the file
 * KOBO_TEST_CLOCK_FILE names (an ISO timestamp), read afresh on every call. The simulator's fault
 * mode (issue 35) runs the server as a child process and moves this file a day at a time, as it
 * moves buildApp's `now` in process (docs/decisions/066-simulator-faults.md). A production server
 * with the variable set refuses to start: a clock someone else can move has no place there.
 */
export function serverClock(env: Pick<Env, 'NODE_ENV'>, source: NodeJS.ProcessEnv = process.env): (() => Date) | undefined {
  const file = source.KOBO_TEST_CLOCK_FILE;
  if (!file) return undefined;
  if (env.NODE_ENV === 'production') throw new Error('KOBO_TEST_CLOCK_FILE is for tests and the simulator only: unset it to run in production.');
  return () => {
    const instant = new Date(readFileSync(file, 'utf8').trim());
    if (Number.isNaN(instant.getTime())) throw new Error(`KOBO_TEST_CLOCK_FILE (${file}) holds no timestamp`);
    return instant;
  };
}
