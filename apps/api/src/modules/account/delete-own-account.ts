import { sql } from 'drizzle-orm';
import { AppError } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditOwnAccountDeleted } from '../audit/audit-acts.ts';
import { lockAdminSet } from '../users/user-rows.ts';

/**
 * Settings → Danger Zone (SPEC 4 "Account deletion", DECISIONS 7): the caller's expenses, then the
 * caller, in one transaction, with its audit entry. Refused while their savings balance is not
 * zero (the savings history itself stays, detached) and for the last active administrator.
 * Sessions go with the user (cascade).
 */
export async function deleteOwnAccount(db: Database, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    // Queues behind (and ahead of) User Management's demotions, deactivations and deletions.
    await lockAdminSet(tx);
    // Locks the active admins' rows: two admins leaving at once cannot both pass the check below.
    const admins = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where role = 'admin' and active order by id for update`,
    );
    const [me] = await queryRows<{ role: string; active: boolean }>(tx, sql`select role, active from users where id = ${actor.id} for update`);
    if (!me) throw new AppError('NOT_FOUND');
    if (me.role === 'admin' && me.active && admins.every((admin) => admin.id === actor.id)) throw new AppError('LAST_ADMIN');

    const [savings] = await queryRows<{ balance: string }>(
      tx,
      sql`select coalesce(sum(balance_kobo), 0)::text as balance from savings_accounts where user_id = ${actor.id}`,
    );
    if (savings && savings.balance !== '0') throw new AppError('SAVINGS_BALANCE_NOT_ZERO');

    const deletedExpenses = await queryRows<{ id: string }>(tx, sql`delete from expenses where user_id = ${actor.id} returning id`);
    await tx.execute(sql`delete from users where id = ${actor.id}`);
    await auditOwnAccountDeleted(tx, actor, deletedExpenses.length);
    if (deletedExpenses.length > 0) await notifyChange(tx, 'expenses');
  });
}
