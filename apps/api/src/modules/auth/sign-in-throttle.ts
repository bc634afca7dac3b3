import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';

/** How many attempts each throttle allows in one fixed window (docs/decisions/014-throttles.md). */
export type ThrottleSettings = {
  windowMinutes: number;
  /** Failed sign-ins from one client address. */
  signInPerAddress: number;
  /** Failed sign-ins to one account, from any number of addresses. */
  signInPerAccount: number;
  /** Reset requests from one client address. */
  resetPerAddress: number;
  /** Reset requests for one email address. */
  resetPerEmail: number;
};

/**
 * Every throttle counts in the sign_in_failures table under a key that names what it counts, so
 * that all API instances share the counts and no migration is needed for a new kind.
 */
export const throttleKeys = {
  signInAddress: (address: string) => `address:${address}`,
  signInAccount: (email: string) => `account:${email.toLowerCase()}`,
  resetAddress: (address: string) => `reset-address:${address}`,
  resetEmail: (email: string) => `reset-email:${email.toLowerCase()}`,
};

/** One attempt, counted: `isAllowed` is false once the window already held `limit` attempts. */
export type Attempt = { key: string; windowStartedAt: Date; isAllowed: boolean };

/**
 * Counts an attempt before the work it guards, in one atomic statement. Counting first, rather
 * than checking and counting after, means a burst of simultaneous requests cannot all slip in
 * under the limit: each one gets its own number. A window that has run out starts again at one.
 */
export async function takeAttempt(db: Database, key: string, limit: number, windowMinutes: number, now: Date): Promise<Attempt> {
  const expiredBefore = new Date(now.getTime() - windowMinutes * 60_000);
  const isExpired = sql`${signInFailures.windowStartedAt} <= ${expiredBefore}`;
  const [row] = await db
    .insert(signInFailures)
    .values({ clientKey: key, windowStartedAt: now, failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.clientKey,
      set: {
        failures: sql`case when ${isExpired} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${isExpired} then ${now} else ${signInFailures.windowStartedAt} end`,
      },
    })
    .returning({ failures: signInFailures.failures, windowStartedAt: signInFailures.windowStartedAt });
  if (!row) throw new Error(`counting an attempt for ${key} returned no row`);
  return { key, windowStartedAt: row.windowStartedAt, isAllowed: row.failures <= limit };
}

/**
 * Takes back attempts that turned out not to be failures (a correct password), so that an
 * office behind one address is not throttled by its own successful sign-ins. Only within the
 * window that counted them: a newer window's count is left alone.
 */
export async function giveBackAttempts(db: Database, attempts: Attempt[]): Promise<void> {
  for (const attempt of attempts) {
    await db
      .update(signInFailures)
      .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
      .where(and(eq(signInFailures.clientKey, attempt.key), eq(signInFailures.windowStartedAt, attempt.windowStartedAt)));
  }
}
