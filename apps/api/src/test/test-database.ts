import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { withAdminClient } from './admin-client.ts';

/**
 * A fresh database for one test file: an in-memory PGlite, or, in the api-postgres project, a new
 * database on the TEST_DATABASE_URL server that is dropped afterwards. Never a mock. Both start
 * as copies of the migrated template the project's global setup made (database-templates.ts);
 * the app's own migration step then finds nothing left to do.
 */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; url: string | null; drop: () => Promise<void> }> {
  if (process.env.KOBO_TEST_DB !== 'postgres') {
    const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, template });
    return { handle, url: null, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('KOBO_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kobo_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = inject('postgresTemplateName');
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close().catch(() => {});
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
