import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError, type PublicUser } from '@kobo/core';
import type { Auth } from '../../auth/auth.ts';
import { users } from '../../db/schema.ts';
import { settlePasswordChecks, throttleKeys, type AdmittedCheck } from './sign-in-throttle.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { admitCheck, type AuthDeps } from './auth-deps.ts';

/** What a browser needs back from a sign-in or sign-up: the user and the session cookie. */
export type SignedIn = { user: PublicUser; setCookies: string[] };

export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string; clientAddress: string },
  headers: Headers,
): Promise<SignedIn> {
  const { db, throttle } = deps;
  // Per address first, so that probing for accounts is slowed too; per account only for an
  // account that exists, so that unknown emails leave no rows behind.
  const byAddress = await admitCheck(deps, throttleKeys.signInAddress(input.clientAddress), throttle.signInPerAddress);
  if (!byAddress) throw new AppError('TOO_MANY_ATTEMPTS');
  const admitted: AdmittedCheck[] = [byAddress];
  // Only a wrong password, or an email nobody has, is a failure that stays counted.
  let failed = false;
  try {
    // DECISIONS 13 keeps the spec's two messages, so the email is looked up first.
    const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, input.email));
    if (!row) {
      failed = true;
      throw new AppError('USER_NOT_FOUND', { field: 'email' });
    }
    // The account waits out its window; the address its owner tries from is not charged for it.
    const byAccount = await admitCheck(deps, throttleKeys.signInAccount(row.email), throttle.signInPerAccount);
    if (!byAccount) throw new AppError('TOO_MANY_ATTEMPTS');
    admitted.push(byAccount);
    try {
      const setCookies = await startSession(deps.auth, input.email, input.password, headers);
      return { user: toPublicUser(row), setCookies };
    } catch (error) {
      if (error instanceof APIError && error.status === 'UNAUTHORIZED') {
        failed = true;
        throw new AppError('WRONG_PASSWORD', { field: 'password' });
      }
      if (error instanceof APIError && error.body?.code === 'ACCOUNT_DISABLED') throw new AppError('ACCOUNT_DISABLED');
      throw error;
    }
  } finally {
    await settlePasswordChecks(db, admitted, failed);
  }
}

/** A new session for a checked email and password, as Set-Cookie values (sign-up starts one too). */
export async function startSession(auth: Auth, email: string, password: string, headers: Headers): Promise<string[]> {
  const result = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers,
    returnHeaders: true,
  });
  return result.headers.getSetCookie();
}
