import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { admitPasswordCheck, takeAttempt, type ThrottleSettings } from './sign-in-throttle.ts';

/** What the auth routes are given, and the sign-in and password-reset operations with them. */
export type AuthDeps = { db: Database; auth: Auth; throttle: ThrottleSettings; now: () => Date };

/** One throttled attempt, counted in the deps' window: sign-in and reset requests both go through it. */
export function countAttempt(deps: AuthDeps, key: string, limit: number) {
  return takeAttempt(deps.db, key, limit, deps.throttle.windowMinutes, deps.now());
}

/** One password check (sign-in, or a current password typed on /profile), admitted in the deps' window or refused (null). */
export function admitCheck(deps: AuthDeps, key: string, limit: number) {
  return admitPasswordCheck(deps.db, key, limit, deps.throttle.windowMinutes, deps.now);
}
