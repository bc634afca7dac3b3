import { asc, eq, sql } from 'drizzle-orm';
import { AppError, holdsSavings, nomineesInputSchema, type NomineesAnswer, type NomineeView } from '@kobo/core';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { memberExits, memberNominees, users } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';

type Db = Database | Transaction;
type NomineesInput = z.output<typeof nomineesInputSchema>;
/** From approval on, the statement names the nominees as payees: the list is fixed with it. */
const NOMINEES_FIXED_FROM = ['approved', 'settled', 'paid'] as const;

/** The member, who must hold savings (core's holdsSavings); anyone else is not found (404). */
async function memberOf(db: Db, userId: string, lock: boolean): Promise<{ id: string; name: string }> {
  const query = db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(eq(users.id, userId));
  const [member] = lock ? await query.for('no key update') : await query;
  if (!member || !holdsSavings(member.role)) throw new AppError('NO_SAVINGS_ACCOUNT');
  return member;
}

async function nomineesIn(db: Db, userId: string): Promise<NomineesAnswer> {
  const rows = await db.select().from(memberNominees).where(eq(memberNominees.userId, userId)).orderBy(asc(memberNominees.position));
  const nominees: NomineeView[] = rows.map((row) => ({ name: row.name, relationship: row.relationship, phone: row.phone, shareBp: row.shareBp }));
  return { nominees, updatedAt: rows[0]?.updatedAt.toISOString() ?? null };
}

/** A member's nominees in the order they gave them (issue 32, "Nominees"). */
export async function readNominees(db: Db, userId: string): Promise<NomineesAnswer> {
  await memberOf(db, userId, false);
  return nomineesIn(db, userId);
}

/**
 * Replaces a member's nominees whole, in one transaction, with one audit entry (before and after).
 * The member's row is locked first, so two saves at once are one after the other. An unchanged list
 * writes nothing. Refused once the member's exit is approved (its statement names the payees).
 */
export async function saveNominees(deps: { db: Database; now: () => Date }, actor: Actor, userId: string, input: NomineesInput): Promise<NomineesAnswer> {
  return deps.db.transaction(async (tx) => {
    const member = await memberOf(tx, userId, true);
    const [fixed] = await tx
      .select({ id: memberExits.id })
      .from(memberExits)
      .where(sql`${memberExits.userId} = ${userId} and ${memberExits.status} in ${NOMINEES_FIXED_FROM}`);
    if (fixed) throw new AppError('EXIT_NOT_NOTICE');
    const before = await nomineesIn(tx, userId);
    const after: NomineeView[] = input.nominees.map((nominee) => ({ name: nominee.name, relationship: nominee.relationship, phone: nominee.phone, shareBp: nominee.shareBp }));
    if (JSON.stringify(before.nominees) === JSON.stringify(after)) return before;
    const at = deps.now();
    await tx.delete(memberNominees).where(eq(memberNominees.userId, userId));
    if (after.length > 0) {
      await tx.insert(memberNominees).values(after.map((nominee, index) => ({ userId, position: index + 1, ...nominee, updatedById: actor.id, updatedAt: at })));
    }
    await recordAudit(tx, {
      kind: 'member.nominees_changed',
      actor,
      target: { type: 'user', id: userId, label: member.name },
      people: [userId],
      before: { nominees: before.nominees },
      after: { nominees: after },
      at,
    });
    return { nominees: after, updatedAt: after.length > 0 ? at.toISOString() : null };
  });
}
