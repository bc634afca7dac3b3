import { AppError, type PublicUser, type Role, accessLevelOf } from '@kobo/core';
import type { Transaction } from '../../db/client.ts';
import { savingsAccounts } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import { createAccount } from '../auth/create-account.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { nextStaffId } from '../savings/savings-holders.ts';
import { auditActor, userTarget, type UserDeps } from './user-rows.ts';

/** `password` is null for a person invited to choose their own (docs/decisions/023-invitations.md). */
export type NewUser = { email: string; name: string; password: string | null; role: Role; phoneNumber?: string | null };

/**
 * Add user (SPEC 4, 5): an active account with the chosen role, all or nothing. A staff member
 * also gets the next staff ID and a zero-balance savings account, as Add New Staff gives them
 * (SPEC 4 "New staff", DECISIONS 10), and the audit entry is written in the same transaction.
 * `alsoInTransaction` adds to the same all-or-nothing act (an invitation for the new person).
 */
export async function createUser(
  deps: UserDeps,
  actor: Actor,
  input: NewUser,
  alsoInTransaction?: (tx: Transaction, userId: string) => Promise<void>,
): Promise<PublicUser> {
  try {
    const user = await deps.db.transaction(async (tx) => {
      const staffId = input.role === 'staff' ? await nextStaffId(tx) : null;
      return createAccount(
        tx,
        { ...input, accessLevel: accessLevelOf(input.role), staffId },
        async (inner, userId) => {
          if (staffId) await inner.insert(savingsAccounts).values({ userId, holderName: input.name, staffId });
          await recordAudit(inner, {
            kind: 'user.created',
            actor: auditActor(actor),
            target: userTarget({ id: userId, name: input.name, email: input.email }),
            people: [userId],
            after: {
              name: input.name,
              email: input.email,
              role: input.role,
              active: true,
              staffId,
              accessLevel: accessLevelOf(input.role),
              ...(staffId ? { savingsAccountOpened: true } : {}),
              ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
              // No password: they choose their own through an invitation.
              ...(input.password === null ? { invited: true } : {}),
            },
            at: deps.now(),
          });
          if (alsoInTransaction) await alsoInTransaction(inner, userId);
        },
      );
    });
    return toPublicUser(user);
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_IN_USE') throw new AppError('USER_EMAIL_IN_USE', { field: 'email' });
    if (isUniqueViolation(error, 'users_staff_id_key')) throw new AppError('STAFF_ID_FAILED', { cause: error });
    throw error;
  }
}
