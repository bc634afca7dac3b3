import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError, type PublicUser, type SetupInfo } from '@kobo/core';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { createAccount, hasNoUsers } from './create-account.ts';
import { isSignInThrottled, recordSignInFailure, type ThrottleSettings } from './sign-in-throttle.ts';
import { toPublicUser } from './public-user.ts';

export type AuthDeps = { db: Database; auth: Auth; throttle: ThrottleSettings; now: () => Date };

/** What a browser needs back from a sign-in or sign-up: the user and the session cookie. */
export type SignedIn = { user: PublicUser; setCookies: string[] };

export async function getSetupInfo(db: Database): Promise<SetupInfo> {
  return { needsFirstAdmin: await hasNoUsers(db) };
}

export async function signUp(
  deps: AuthDeps,
  input: { name: string; email: string; password: string },
  headers: Headers,
): Promise<SignedIn> {
  const user = await createAccount(deps.db, { ...input, role: 'first-admin-else-user' });
  const setCookies = await startSession(deps.auth, input.email, input.password, headers);
  return { user: toPublicUser(user), setCookies };
}

export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string; clientKey: string },
  headers: Headers,
): Promise<SignedIn> {
  const { db, throttle } = deps;
  if (await isSignInThrottled(db, input.clientKey, throttle, deps.now())) throw new AppError('TOO_MANY_ATTEMPTS');

  // DECISIONS 13 keeps the spec's two messages, so the email is looked up first.
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, input.email));
  if (!row) {
    await recordSignInFailure(db, input.clientKey, throttle, deps.now());
    throw new AppError('USER_NOT_FOUND', { field: 'email' });
  }
  try {
    const setCookies = await startSession(deps.auth, input.email, input.password, headers);
    return { user: toPublicUser(row), setCookies };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === 'ACCOUNT_DISABLED') throw new AppError('ACCOUNT_DISABLED');
    if (error instanceof APIError && error.status === 'UNAUTHORIZED') {
      await recordSignInFailure(db, input.clientKey, throttle, deps.now());
      throw new AppError('WRONG_PASSWORD', { field: 'password' });
    }
    throw error;
  }
}

async function startSession(auth: Auth, email: string, password: string, headers: Headers): Promise<string[]> {
  const result = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers,
    returnHeaders: true,
  });
  return result.headers.getSetCookie();
}

export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // Signing out without a session is already done.
    if (error instanceof APIError) return [];
    throw error;
  }
}

export async function requestPasswordReset(auth: Auth, email: string, headers: Headers): Promise<void> {
  // The same answer whether or not the email has an account (DECISIONS 6).
  await auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers });
}

export async function resetPassword(auth: Auth, input: { token: string; password: string }): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError && error.status === 'BAD_REQUEST') throw new AppError('RESET_LINK_INVALID');
    throw error;
  }
}
