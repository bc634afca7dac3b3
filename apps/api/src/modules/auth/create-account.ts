import { hashPassword } from 'better-auth/crypto';
import { count, sql } from 'drizzle-orm';
import { AppError, type Role } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type NewAccount = {
  name: string;
  email: string;
  /** Null for a person who will choose their own through an invitation (docs/decisions/023). */
  password: string | null;
  role: Role | 'first-admin-else-user';
  phoneNumber?: string | null;
  accessLevel?: 'full' | 'readonly';
  staffId?: string | null;
};

/** Serialises account creation so that "first account becomes admin" is decided once. */
const ACCOUNT_CREATION_LOCK = 0x6b6f626f; // 'kobo'

type UserRow = typeof users.$inferSelect;

/**
 * Creates a user and their password credential (none for a person invited to choose their own)
 * in one transaction, or nothing.
 * `first-admin-else-user` makes the account admin when it is the first one (DECISIONS 5).
 * Pass `tx` to make the account part of a larger transaction (a staff account with its savings).
 */
export async function createAccount(
  db: Database | Transaction,
  input: NewAccount,
  afterInsert?: (tx: Transaction, userId: string, user: UserRow) => Promise<void>,
) {
  // scrypt is deliberately slow: hash before taking the lock.
  const passwordHash = input.password === null ? null : await hashNewPassword(input.password);
  const id = crypto.randomUUID();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`);
      const role = input.role === 'first-admin-else-user' ? ((await hasNoUsers(tx)) ? 'admin' : 'user') : input.role;
      const [user] = await tx
        .insert(users)
        .values({
          id,
          name: input.name,
          email: input.email.toLowerCase(),
          role,
          active: true,
          phoneNumber: input.phoneNumber ?? null,
          accessLevel: input.accessLevel ?? 'full',
          staffId: input.staffId ?? null,
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      if (passwordHash !== null) await insertPasswordCredential(tx, id, passwordHash);
      if (afterInsert) await afterInsert(tx, id, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError('EMAIL_IN_USE', { field: 'email' });
    throw error;
  }
}

/** Better Auth's own scrypt hash (the one its sign-in verifies), for a password about to be stored. */
export function hashNewPassword(password: string): Promise<string> {
  return hashPassword(password);
}

/**
 * A person's password credential, as Better Auth keeps it (provider 'credential', account id = user
 * id). Account creation and an accepted invitation both write it here.
 */
export async function insertPasswordCredential(tx: Transaction, userId: string, passwordHash: string): Promise<void> {
  await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
}

export async function hasNoUsers(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}
