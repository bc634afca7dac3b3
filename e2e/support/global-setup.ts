import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { CHROMIUM_PATH } from './browser.ts';
import { WEB_DIST_DIR } from './paths.ts';

declare module 'vitest' {
  // Declaration merging, which only an interface does: Vitest's typed provide/inject.
  // oxlint-disable-next-line typescript/consistent-type-definitions
  export interface ProvidedContext {
    /** A migrated PGlite data directory: each file's server starts on a copy of it. */
    e2eDataTemplate: string;
  }
}

/**
 * Fails early, saying how to fix it, instead of skipping the browser tests; then migrates one
 * PGlite data directory that every file's server copies (a copy opens in about a second, a new
 * cluster spends three in initdb and the migrations).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}. Install Debian's package: ` +
        '`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
  }
  const index = join(WEB_DIST_DIR, 'index.html');
  if (!existsSync(index)) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it for you).');
  }
  const template = mkdtempSync(join(tmpdir(), 'kobo-e2e-template-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: template });
  await migrateDatabase(handle);
  await handle.close();
  project.provide('e2eDataTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
