import { sql } from 'drizzle-orm';
import { AppError } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { notifyChange } from '../events/change-feed.ts';
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
 * Deletes someone else's account (SPEC 5: 'You cannot delete your own account'; DECISIONS 7).
 * Refused while their savings balance is not zero. Their expenses stay, shown as 'Unknown User'
 * (the foreign key sets them to null); their savings account and history stay, detached; their
 * sessions go with them (cascade).
 */
export async function deleteUser(deps: UserDeps, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.id) throw new AppError('CANNOT_DELETE_OWN_ACCOUNT');
  await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockUser(tx, userId);
    assertLeavesAnActiveAdmin(target, admins);
    assertStillActiveAdmin(actor, admins);

    if (await hasSavingsBalance(tx, userId)) throw new AppError('SAVINGS_BALANCE_NOT_ZERO');

    const [expenses] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from expenses where user_id = ${userId}`);
    await tx.execute(sql`delete from users where id = ${userId}`);
    await recordAudit(tx, {
      kind: 'user.deleted',
      actor: auditActor(actor),
      target: userTarget(target),
      people: [userId],
      before: { ...userValues(target), expensesKept: expenses?.count ?? 0 },
      after: null,
      at: deps.now(),
    });
    // Their expenses now show 'Unknown User': open lists refresh.
    if ((expenses?.count ?? 0) > 0) await notifyChange(tx, 'expenses');
  });
}
