import { defineConfig } from 'vitest/config';

/**
 * Projects: core (pure unit tests), web (the web app's import rule), api-pglite (API tests on a fresh in-memory PGlite per file),
 * api-postgres (the same tests on a fresh database of the TEST_DATABASE_URL server, only when it
 * is set), and e2e (real Chromium against the real server).
 */
const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    // *.postgres.test.ts need a server (several instances on one database): PostgreSQL only.
    // *.pglite.test.ts prove the simulator's own checks (a bug planted with SQL is found), which no
    // database changes: once, on PGlite, so the suite stays within its time (decision 066's addendum).
    exclude: database === 'pglite' ? ['**/*.postgres.test.ts', '**/node_modules/**'] : ['**/*.pglite.test.ts', '**/node_modules/**'],
    env: { KOBO_TEST_DB: database, NODE_ENV: 'test' },
    // Generous for a busy 2-core machine; a test that hangs still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['apps/api/src/test/fail-on-console-error.ts'],
    // Migrates one template database; each file's fresh database is a copy of it.
    globalSetup: ['apps/api/src/test/database-templates.ts'],
    // Two files at a time: on PostgreSQL a file spends much of its time waiting on the server.
    maxWorkers: 2,
    // Files in one worker share the imported modules (about 3 s of import per file otherwise);
    // each still builds its own app on its own database, so no state passes between them.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      // The web app's architecture rule (features never import each other); the screens are tested in e2e.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A slow moment on a 2-core machine (a lazy chunk, a busy second core) takes a page
          // past Vitest's one-second default; polls still end as soon as their condition holds,
          // so a generous limit costs nothing when all is well. Set here once, not per poll.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Each file boots its own server (own PGlite directory, own port) and its own Chromium,
          // so files share nothing and run side by side, one per core.
          maxWorkers: 2,
          // Files in one worker share the imported modules, as the API project's do: each file's
          // import of the whole server was a fifth of the suite (decision 069's addendum). The
          // server renderer keeps each visit's transport in its AsyncLocalStorage, so two servers
          // in one process serve their own pages.
          isolate: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
