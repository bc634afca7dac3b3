import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@kobo/core';
import type { Database } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';

export type AuthOptions = {
  db: Database;
  secret: string;
  baseUrl: string;
  secureCookies: boolean;
  sendResetLink: (to: { email: string; name: string }, token: string) => Promise<void>;
};

/** A session lasts 30 days and is extended, at most once a day, while it is used. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/**
 * Better Auth does the cryptography: scrypt password hashes, database sessions in an httpOnly
 * cookie (a new session on every sign-in), and single-use password-reset tokens. Kobo calls its
 * server API from its own routes so that the spec's messages and checks come first.
 */
export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: 'Kobo',
    secret: options.secret,
    baseURL: options.baseUrl,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    user: { modelName: 'users' },
    session: { modelName: 'sessions', expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await options.sendResetLink({ email: user.email, name: user.name }, token);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // An inactive account cannot sign in (DECISIONS 4), however the session is asked for.
          before: async (session) => {
            const [owner] = await db.select({ active: users.active }).from(users).where(eq(users.id, session.userId));
            if (!owner?.active) throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: 'ACCOUNT_DISABLED' });
          },
        },
      },
    },
    rateLimit: { enabled: false }, // Kobo throttles failed sign-ins itself, in the shared database.
    advanced: {
      cookiePrefix: 'kobo',
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Kobo logs each request itself; Better Auth's own warnings (a wrong password) are expected.
    logger: { level: 'error' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
