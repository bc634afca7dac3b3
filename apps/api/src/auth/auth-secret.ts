import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';

/**
 * AUTH_SECRET signs session cookies. When it is not configured, one is generated on the first
 * start and kept in the database, so a restart keeps sessions and every instance on the same
 * PostgreSQL shares it.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'auth_secret'));
  if (!row) throw new Error('The auth secret could not be stored');
  return row.value;
}
