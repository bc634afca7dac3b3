import { eq, sql } from 'drizzle-orm';
import { AppError, accessLevelOf, type PublicUser } from '@kobo/core';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { toPublicUser } from '../auth/public-user.ts';
import { recordAudit, type AuditActor } from '../modules/audit/record-audit.ts';
import { hasSavingsBalance, userTarget, userValues } from '../modules/users/user-rows.ts';

/** Who the audit log names for what `npm run admin` does: someone at the server, signed in as no one. */
export const COMMAND_LINE_ACTOR: AuditActor = { id: 'command-line', name: 'Server command line', email: 'npm run admin' };

/** `npm run admin -- create`: a new active administrator, and its audit entry, in one transaction. */
export async function createAdministrator(
  db: Database,
  input: { email: string; name: string; password: string },
  now: Date,
): Promise<PublicUser> {
  const user = await createAccount(db, { ...input, role: 'admin' }, async (tx, userId) => {
    await recordAudit(tx, {
      kind: 'user.created',
      actor: COMMAND_LINE_ACTOR,
      target: userTarget({ id: userId, name: input.name, email: input.email.toLowerCase() }),
      people: [userId],
      after: { name: input.name, email: input.email.toLowerCase(), role: 'admin', active: true, staffId: null, accessLevel: 'full' },
      at: now,
    });
  });
  return toPublicUser(user);
}

/**
 * `npm run admin -- promote`: makes someone an active administrator, under the rule the Users
 * screen keeps (users/change-role.ts): not while they hold savings, because admins hold no savings
 * account (DECISIONS 8).
 */
export async function promoteToAdministrator(db: Database, email: string, now: Date): Promise<PublicUser> {
  const promoted = await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).for('update');
    if (!target) throw new AppError('USER_NOT_FOUND');
    if (target.role === 'admin' && target.active) return target;
    if (await hasSavingsBalance(tx, target.id)) throw new AppError('ADMIN_WITH_SAVINGS');
    const [row] = await tx
      .update(users)
      .set({ role: 'admin', active: true, accessLevel: accessLevelOf('admin'), updatedAt: now })
      .where(eq(users.id, target.id))
      .returning();
    if (!row) throw new AppError('USER_NOT_FOUND');
    await recordAudit(tx, {
      kind: target.role === 'admin' ? 'user.reactivated' : 'user.role_changed',
      actor: COMMAND_LINE_ACTOR,
      target: userTarget(row),
      people: [row.id],
      before: userValues(target),
      after: userValues(row),
      at: now,
    });
    return row;
  });
  return toPublicUser(promoted);
}
