import { eq } from 'drizzle-orm';
import type { PublicUser } from '@kobo/core';
import { savingsAccounts, users } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { auditActor, lockUser, userTarget } from '../users/user-rows.ts';
import type { AccountDeps } from './account-deps.ts';

/**
 * Edit details on /profile (issue 15): a person's own name and phone number. The savings account
 * keeps a copy of its holder's name (receipts, transfers, loan searches and audit labels read it),
 * so it follows in the same transaction. A save that changes nothing writes nothing.
 */
export async function updateOwnDetails(
  deps: Pick<AccountDeps, 'db' | 'now'>,
  actor: Actor,
  input: { name: string; phoneNumber: string | null },
): Promise<PublicUser> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await lockUser(tx, actor.id);
    if (before.name === input.name && before.phoneNumber === input.phoneNumber) return before;
    const at = deps.now();
    const [after] = await tx
      .update(users)
      .set({ name: input.name, phoneNumber: input.phoneNumber, updatedAt: at })
      .where(eq(users.id, actor.id))
      .returning();
    if (!after) throw new Error('updating the caller returned no row');
    if (before.name !== input.name) {
      await tx.update(savingsAccounts).set({ holderName: input.name }).where(eq(savingsAccounts.userId, actor.id));
    }
    await recordAudit(tx, {
      kind: 'user.details_changed',
      actor: auditActor(actor),
      target: userTarget(after),
      before: { name: before.name, phoneNumber: before.phoneNumber },
      after: { name: after.name, phoneNumber: after.phoneNumber },
      at,
    });
    return after;
  });
  return toPublicUser(row);
}
