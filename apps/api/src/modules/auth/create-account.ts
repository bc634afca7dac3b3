import { hashPassword } from 'better-auth/crypto';
import { count, sql } from 'drizzle-orm';
import { AppError, type Role } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type NewAccount = {
  name: string;
  email: string;
  password: string;
  role: Role | 'first-admin-else-user';
  phoneNumber?: string | null;
  accessLevel?: 'full' | 'readonly';
  staffId?: string | null;
};

/** Serialises account creation so that "first account becomes admin" is decided once. */
const ACCOUNT_CREATION_LOCK = 0x6b6f626f; // 'kobo'

/**
 * Creates a user and their password credential in one transaction, or nothing.
 * `first-admin-else-user` makes the account admin when it is the first one (DECISIONS 5).
 * Pass `tx` to make the account part of a larger transaction (a staff account with its savings).
 */
export async function createAccount(
  db: Database | Transaction,
  input: NewAccount,
  afterInsert?: (tx: Transaction, userId: string) => Promise<void>,
) {
  // scrypt is deliberately slow: hash before taking the lock.
  const passwordHash = await hashPassword(input.password);
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
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      if (afterInsert) await afterInsert(tx, id);
      if (!user) throw new Error('insert returned no user');
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError('EMAIL_IN_USE', { field: 'email' });
    throw error;
  }
}

export async function hasNoUsers(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}
