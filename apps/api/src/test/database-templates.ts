import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { withAdminClient } from './admin-client.ts';

declare module 'vitest' {
  // Declaration merging, which only an interface does: Vitest's typed provide/inject.
  // oxlint-disable-next-line typescript/consistent-type-definitions
  export interface ProvidedContext {
    /** A migrated PGlite cluster, dumped to this file: each test file's database starts from it. */
    pgliteTemplatePath: string;
    /** A migrated database on the TEST_DATABASE_URL server: each test file's database is a copy. */
    postgresTemplateName: string;
  }
}

/**
 * Global setup of the API projects: migrate once, copy per file. A fresh PGlite spends about 3 s
 * in initdb and migrations, a copy of a migrated one about 1 s; on PostgreSQL, CREATE DATABASE …
 * TEMPLATE copies files instead of replaying every migration. Each file still gets its own database.
 */
export default async function setup(project: TestProject) {
  const database = project.config.env?.KOBO_TEST_DB;
  if (database === 'postgres') return setupPostgresTemplate(project);
  return setupPgliteTemplate(project);
}

async function setupPgliteTemplate(project: TestProject) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateDatabase(handle);
  await startBooksEarly(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const path = join(tmpdir(), `kobo-pglite-template-${process.pid}-${Date.now().toString(36)}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(path, { force: true });
}

async function setupPostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the api-postgres project needs TEST_DATABASE_URL');
  const name = `kobo_test_template_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await migrateDatabase(handle);
  await startBooksEarly(handle);
  await handle.close();
  project.provide('postgresTemplateName', name);
  return () => withAdminClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Tests play an organisation whose books start on 1 Jan 2000 (Settings → Books' start date,
 * issue 26), so their back-dated postings of earlier months are not refused as before the day the
 * test's Kobo was set up; the books-start tests remove it to see the default.
 */
async function startBooksEarly(handle: Awaited<ReturnType<typeof openDatabase>>) {
  await handle.db.execute(sql`insert into app_settings (key, value) values ('savings.books_start', '2000-01-01')`);
}
