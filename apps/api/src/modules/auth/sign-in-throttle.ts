import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';

export type ThrottleSettings = { maxFailures: number; windowMinutes: number };

/**
 * Counts failed sign-ins per client in fixed windows, in the database so that every API
 * instance sees the same count. Successful sign-ins are not counted, so a busy office behind
 * one address is not locked out by its own correct passwords.
 */
export async function isSignInThrottled(db: Database, clientKey: string, settings: ThrottleSettings, now: Date) {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.clientKey, clientKey));
  if (!row) return false;
  const windowEnds = row.windowStartedAt.getTime() + settings.windowMinutes * 60_000;
  return windowEnds > now.getTime() && row.failures >= settings.maxFailures;
}

export async function recordSignInFailure(db: Database, clientKey: string, settings: ThrottleSettings, now: Date) {
  const windowStart = new Date(now.getTime() - settings.windowMinutes * 60_000);
  await db
    .insert(signInFailures)
    .values({ clientKey, windowStartedAt: now, failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.clientKey,
      set: {
        // A window that has run out starts again at one failure.
        failures: sql`case when ${signInFailures.windowStartedAt} <= ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} <= ${windowStart} then ${now} else ${signInFailures.windowStartedAt} end`,
      },
    });
}
