import type { Env } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';

/** A refusal to report in one line (exit code 2); thrown, not exited, so the database is closed cleanly first. */
export class CliError extends Error {}

export function fail(message: string): never {
  throw new CliError(message);
}

/**
 * Runs `work` on the server's database (DATABASE_URL, else the PGlite data directory DATA_DIR)
 * and closes it after. PGlite's directory belongs to one process: with the server running the
 * lock refuses, and the CLI says so (`lockedHint` adds what to do instead).
 */
export async function withServerDatabase<T>(env: Env, work: (database: DatabaseHandle) => Promise<T>, lockedHint = ''): Promise<T> {
  let unlock = stayUnlocked;
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(`${error.message}${lockedHint ? `\n${lockedHint}` : ''}`);
      throw error;
    }
  }
  try {
    const database = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 } : { kind: 'pglite', dataDir: env.DATA_DIR });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

/** PostgreSQL needs no lock of ours: it serves many processes. */
function stayUnlocked() {}

/** Runs a CLI's main: a CliError prints its sentence and exits 2; anything else prints in full (and `unexpectedNote`) and exits 1. */
export function runCli(main: () => Promise<void>, unexpectedNote?: string) {
  main().catch((error: unknown) => {
    if (error instanceof CliError) console.error(error.message);
    else if (unexpectedNote) console.error(error, `\n${unexpectedNote}`);
    else console.error(error);
    process.exit(error instanceof CliError ? 2 : 1);
  });
}
