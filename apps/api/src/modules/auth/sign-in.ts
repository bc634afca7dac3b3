import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError, type PublicUser } from '@kobo/core';
import type { Auth } from '../../auth/auth.ts';
import { users } from '../../db/schema.ts';
import { giveBackAttempts, throttleKeys } from './sign-in-throttle.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { countAttempt, type AuthDeps } from './auth-deps.ts';

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
  const byAddress = await countAttempt(deps, throttleKeys.signInAddress(input.clientAddress), throttle.signInPerAddress);
  if (!byAddress.isAllowed) throw new AppError('TOO_MANY_ATTEMPTS');

  // DECISIONS 13 keeps the spec's two messages, so the email is looked up first.
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, input.email));
  if (!row) throw new AppError('USER_NOT_FOUND', { field: 'email' });

  const byAccount = await countAttempt(deps, throttleKeys.signInAccount(row.email), throttle.signInPerAccount);
  if (!byAccount.isAllowed) {
    // The account waits out its window; the address its owner tries from is not charged for it.
    await giveBackAttempts(db, [byAddress]);
    throw new AppError('TOO_MANY_ATTEMPTS');
  }
  let setCookies: string[];
  try {
    setCookies = await startSession(deps.auth, input.email, input.password, headers);
  } catch (error) {
    // Only a wrong password is a failure that stays counted.
    if (error instanceof APIError && error.status === 'UNAUTHORIZED') throw new AppError('WRONG_PASSWORD', { field: 'password' });
    await giveBackAttempts(db, [byAddress, byAccount]);
    if (error instanceof APIError && error.body?.code === 'ACCOUNT_DISABLED') throw new AppError('ACCOUNT_DISABLED');
    throw error;
  }
  await giveBackAttempts(db, [byAddress, byAccount]);
  return { user: toPublicUser(row), setCookies };
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
