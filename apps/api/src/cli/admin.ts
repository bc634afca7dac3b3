/**
 * Creates or promotes an administrator without the browser, for servers set up unattended
 * (DECISIONS 5). Uses the same database settings as the server (DATABASE_URL or DATA_DIR).
 *
 *   npm run admin -- create --email ada@example.ng --name "Ada Obi" --password 'a-long-secret'
 *   npm run admin -- promote --email ada@example.ng
 *
 * With PGlite, stop the server first: the data directory belongs to one process.
 */
import { parseArgs } from 'node:util';
import { MESSAGES, signUpSchema, firstIssueMessage, AppError } from '@kobo/core';
import { readEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { createAdministrator, promoteToAdministrator } from './admin-commands.ts';

const USAGE = `usage:
  npm run admin -- create --email EMAIL --name NAME --password PASSWORD
  npm run admin -- promote --email EMAIL`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  const command = positionals[0];
  if (command !== 'create' && command !== 'promote') fail(USAGE);

  const env = readEnv();
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    await migrateDatabase(database);
    if (command === 'create') {
      const parsed = signUpSchema.safeParse({ ...values, confirmPassword: values.password });
      if (!parsed.success) fail(firstIssueMessage(parsed.error));
      const user = await createAdministrator(database.db, parsed.data, new Date());
      console.log(`Created administrator ${user.email}.`);
    } else {
      const email = values.email?.trim();
      if (!email) fail(MESSAGES.enterEmail);
      const user = await promoteToAdministrator(database.db, email, new Date());
      console.log(`${user.email} is now an active administrator.`);
    }
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await database.close();
    unlock();
  }
}

/** A refusal to report in one line; thrown (not exited) so the database is closed cleanly first. */
class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

main().catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error);
  process.exit(error instanceof CliError ? 2 : 1);
});
