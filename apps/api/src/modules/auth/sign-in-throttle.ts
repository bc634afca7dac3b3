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

/** A password check admitted under one key's window: settled afterwards as a failure or not. */
export type AdmittedCheck = { key: string; windowStartedAt: Date };

/**
 * How long a check that found the window full of checks in flight waits before looking again (it
 * looks sooner when a check settles in this process; another instance's settle it sees on the
 * next look), and how long it waits in all: checks in flight that never settle (an instance
 * killed mid-check) keep the window full until it runs out, and nobody should hang that long.
 */
const IN_FLIGHT_LOOK_AGAIN_MS = 250;
const IN_FLIGHT_WAIT_MS = 20_000;

/** Checks waiting in this process, by key: woken when one of that key's checks settles. */
const waiting = new Map<string, Set<() => void>>();

function settledHere(key: string): Promise<void> {
  return new Promise((resolve) => {
    const waiters = waiting.get(key) ?? new Set<() => void>();
    waiting.set(key, waiters);
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      if (waiters.size === 0 && waiting.get(key) === waiters) waiting.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, IN_FLIGHT_LOOK_AGAIN_MS);
    waiters.add(wake);
  });
}

/**
 * Admits one password check under `key` (docs/decisions/014-throttles.md, addendum): only while
 * the window's settled failures plus the checks still in flight are under the limit, so a burst of
 * wrong passwords sent at once gets exactly the limit's worth of checks. A check that finds the
 * window full of checks in flight (not of failures) waits for them to settle rather than being
 * refused: twenty colleagues signing in at once behind one address all get in. It is refused
 * (null) once the settled failures reach the limit, or after waiting IN_FLIGHT_WAIT_MS.
 */
export async function admitPasswordCheck(db: Database, key: string, limit: number, windowMinutes: number, now: () => Date): Promise<AdmittedCheck | null> {
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const at = now();
    const expiredBefore = new Date(at.getTime() - windowMinutes * 60_000);
    const isExpired = sql`${signInFailures.windowStartedAt} <= ${expiredBefore}`;
    const [admitted] = await db
      .insert(signInFailures)
      .values({ clientKey: key, windowStartedAt: at, failures: 0, inFlight: 1 })
      .onConflictDoUpdate({
        target: signInFailures.clientKey,
        set: {
          failures: sql`case when ${isExpired} then 0 else ${signInFailures.failures} end`,
          inFlight: sql`case when ${isExpired} then 1 else ${signInFailures.inFlight} + 1 end`,
          windowStartedAt: sql`case when ${isExpired} then ${at} else ${signInFailures.windowStartedAt} end`,
        },
        setWhere: sql`${isExpired} or ${signInFailures.failures} + ${signInFailures.inFlight} < ${limit}`,
      })
      .returning({ windowStartedAt: signInFailures.windowStartedAt });
    if (admitted) return { key, windowStartedAt: admitted.windowStartedAt };
    const [held] = await db.select({ failures: signInFailures.failures }).from(signInFailures).where(eq(signInFailures.clientKey, key));
    if ((held?.failures ?? 0) >= limit || Date.now() >= waitUntil) return null;
    await settledHere(key);
  }
}

/**
 * Settles admitted checks: no longer in flight, and a failure counted only for a wrong password
 * (or an email nobody has). Only within the window that admitted them: a newer window is left alone.
 */
export async function settlePasswordChecks(db: Database, checks: AdmittedCheck[], failed: boolean): Promise<void> {
  for (const check of checks) {
    await db
      .update(signInFailures)
      .set({ inFlight: sql`greatest(${signInFailures.inFlight} - 1, 0)`, failures: failed ? sql`${signInFailures.failures} + 1` : signInFailures.failures })
      .where(and(eq(signInFailures.clientKey, check.key), eq(signInFailures.windowStartedAt, check.windowStartedAt)));
    // Each wake leaves the set as it runs: a Set visits what is left of it, so this wakes them all.
    for (const wake of waiting.get(check.key) ?? []) wake();
  }
}
