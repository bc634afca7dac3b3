import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts and applied by the server itself at start-up
// (never by a separate drizzle-kit process: PGlite's directory belongs to one process).
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/src/db/migrations',
});
