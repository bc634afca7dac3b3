import { eq, sql } from 'drizzle-orm';
import { AppError } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AuditRecord } from '../audit/record-audit.ts';

export type UserDeps = { db: Database; now: () => Date };
export type UserRow = typeof users.$inferSelect;

/** Serialises every act that could take an active admin away (one key for the whole database). */
const ADMIN_SET_LOCK = 0x6b61646d; // 'kadm'

/**
 * Takes the admin-set lock, then reads the active administrators' ids. Every act that could leave
 * no active admin (demote, deactivate, delete, delete your own account) calls this first, so such
 * acts run one after another and each reads the admins as the previous one left them: the
 * statement after the lock sees every commit before it (READ COMMITTED). Row locks alone were not
 * enough: `FOR UPDATE` over a set that changes under it deadlocked on PostgreSQL.
 */
export async function lockActiveAdmins(tx: Transaction): Promise<string[]> {
  await lockAdminSet(tx);
  const rows = await queryRows<{ id: string }>(tx, sql`select id from users where role = 'admin' and active order by id`);
  return rows.map((row) => row.id);
}

/** The admin-set lock alone, held until the transaction ends. */
export async function lockAdminSet(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
}

/**
 * Whether this person holds any savings, with their savings row locked until the act commits: a
 * posting cannot change the balance between this check and the act, and one that waits on the
 * lock then sees the act's outcome (savings/post-transaction.ts, savings/holder-check.ts).
 */
export async function hasSavingsBalance(tx: Transaction, userId: string): Promise<boolean> {
  const accounts = await queryRows<{ balance_kobo: string }>(
    tx,
    sql`select balance_kobo::text from savings_accounts where user_id = ${userId} order by id for update`,
  );
  return accounts.some((account) => account.balance_kobo !== '0');
}

/** The user acted on, locked until the act commits; 404 when there is none. */
export async function lockUser(tx: Transaction, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Refuses an act that would take away the last active administrator. */
export function assertLeavesAnActiveAdmin(target: UserRow, activeAdminIds: readonly string[]): void {
  if (target.role !== 'admin' || !target.active) return;
  if (!activeAdminIds.some((id) => id !== target.id)) throw new AppError('LAST_ACTIVE_ADMIN');
}

/**
 * The actor was read at the start of the request; under the lock they must still be an active
 * admin (another admin may have demoted them a moment ago).
 */
export function assertStillActiveAdmin(actor: Actor, activeAdminIds: readonly string[]): void {
  if (!activeAdminIds.includes(actor.id)) throw new AppError('FORBIDDEN');
}

/** What the audit log keeps of a user, before and after an act. */
export function userValues(row: UserRow): Record<string, unknown> {
  return {
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    staffId: row.staffId,
    accessLevel: row.accessLevel,
  };
}

export function userTarget(row: Pick<UserRow, 'id' | 'name' | 'email'>): AuditRecord['target'] {
  return { type: 'user', id: row.id, label: `${row.name} <${row.email}>` };
}

export function auditActor(actor: Actor) {
  return { id: actor.id, name: actor.name, email: actor.email };
}
