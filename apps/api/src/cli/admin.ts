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
import { migrateDatabase } from '../db/migrate.ts';
import { createAdministrator, promoteToAdministrator } from './admin-commands.ts';
import { fail, runCli, withServerDatabase } from './cli-support.ts';

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
  await withServerDatabase(env, async (database) => {
    await migrateDatabase(database);
    try {
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
    }
  });
}

runCli(main);
