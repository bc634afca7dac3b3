import { eq } from 'drizzle-orm';
import { AppError, type PublicUser, type Role, accessLevelOf, holdsSavings } from '@kobo/core';
import { savingsAccounts, users } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { nextStaffId } from '../savings/savings-holders.ts';
import {
  assertLeavesAnActiveAdmin,
  assertStillActiveAdmin,
  auditActor,
  hasSavingsBalance,
  lockActiveAdmins,
  lockUser,
  userTarget,
  userValues,
  type UserDeps,
} from './user-rows.ts';

/**
 * Changes someone else's role (SPEC 5: 'You cannot change your own role'; DECISIONS 7: the last
 * active admin is never demoted). The new role counts on that person's next request, because the
 * server reads the user row on every request and keeps no powers in the session.
 *
 * Becoming staff gives a staff ID (kept from an earlier stint as staff, else the next one) and a
 * savings account (a regular user's existing one is kept, with its history). Leaving staff keeps
 * the ID and the account: the history stays, and so does the money. Becoming an admin is refused
 * while a savings balance is not zero, because admins hold no savings account (DECISIONS 8) and
 * the money would drop out of every savings screen. Becoming the auditor (issue 27) is refused
 * alike: the auditor holds no savings either.
 */
export async function changeUserRole(deps: UserDeps, actor: Actor, userId: string, role: Role): Promise<PublicUser> {
  if (userId === actor.id) throw new AppError('CANNOT_CHANGE_OWN_ROLE', { field: 'role' });
  const updated = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockUser(tx, userId);
    if (role !== 'admin') assertLeavesAnActiveAdmin(target, admins);
    assertStillActiveAdmin(actor, admins);
    if (target.role === role) return target;

    // A posting that waits on the savings row then sees the holder is an admin and posts nothing;
    // one that came first makes this refuse.
    if (!holdsSavings(role) && (await hasSavingsBalance(tx, userId))) {
      throw new AppError(role === 'auditor' ? 'AUDITOR_WITH_SAVINGS' : 'ADMIN_WITH_SAVINGS', { field: 'role' });
    }
    const staffId = role === 'staff' ? (target.staffId ?? (await nextStaffId(tx))) : target.staffId;
    const at = deps.now();
    const [row] = await tx
      .update(users)
      .set({ role, staffId, accessLevel: accessLevelOf(role), updatedAt: at })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    if (role === 'staff') {
      await tx
        .insert(savingsAccounts)
        .values({ userId, holderName: row.name, staffId })
        .onConflictDoUpdate({ target: [savingsAccounts.userId, savingsAccounts.productId], set: { staffId } });
      await tx.update(savingsAccounts).set({ staffId }).where(eq(savingsAccounts.userId, userId));
    }
    await recordAudit(tx, {
      kind: 'user.role_changed',
      actor: auditActor(actor),
      target: userTarget(row),
      people: [userId],
      before: userValues(target),
      after: userValues(row),
      at,
    });
    return row;
  });
  return toPublicUser(updated);
}
