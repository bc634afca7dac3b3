import { defineConfig } from 'vitest/config';

/**
 * Projects: core (pure unit tests), api-pglite (API tests on a fresh in-memory PGlite per file),
 * api-postgres (the same tests on a fresh database of the TEST_DATABASE_URL server, only when it
 * is set), and e2e (real Chromium against the real server).
 */
const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    // *.postgres.test.ts need a server (several instances on one database): PostgreSQL only.
    exclude: database === 'pglite' ? ['**/*.postgres.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    env: { KOBO_TEST_DB: database, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['apps/api/src/test/fail-on-console-error.ts'],
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
