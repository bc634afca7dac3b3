import { eq } from 'drizzle-orm';
import { AppError, type PublicUser } from '@kobo/core';
import { sessions, users } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  assertLeavesAnActiveAdmin,
  assertStillActiveAdmin,
  auditActor,
  lockActiveAdmins,
  lockUser,
  userTarget,
  userValues,
  type UserDeps,
} from './user-rows.ts';

/**
 * Deactivates or reactivates someone else's account (DECISIONS 4). Deactivating deletes their
 * sessions in the same transaction, so every open browser of theirs is signed out at once (the
 * per-request user check would refuse them anyway; this also leaves no session to revive).
 * Asking for the state an account already has changes nothing and records nothing.
 */
export async function setUserActive(deps: UserDeps, actor: Actor, userId: string, active: boolean): Promise<PublicUser> {
  if (userId === actor.id) throw new AppError('CANNOT_DEACTIVATE_OWN_ACCOUNT');
  const updated = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockUser(tx, userId);
    if (!active) assertLeavesAnActiveAdmin(target, admins);
    assertStillActiveAdmin(actor, admins);
    if (target.active === active) return target;

    const at = deps.now();
    const [row] = await tx.update(users).set({ active, updatedAt: at }).where(eq(users.id, userId)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    const endedSessions = active ? [] : await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordAudit(tx, {
      kind: active ? 'user.reactivated' : 'user.deactivated',
      actor: auditActor(actor),
      target: userTarget(row),
      people: [userId],
      before: userValues(target),
      after: active ? userValues(row) : { ...userValues(row), sessionsEnded: endedSessions.length },
      at,
    });
    return row;
  });
  return toPublicUser(updated);
}
