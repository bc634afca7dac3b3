import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { AppError, accessLevelOf, asKobo, availableOf, formatStaffId, type SavingsHolderListItem } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { counters, savingsAccounts, standingContributions, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createAccount } from '../auth/create-account.ts';
import type { Actor } from '../../auth/actor.ts';
import { auditStaffCreated } from '../audit/audit-acts.ts';
import { holderRoleSql, ordinaryAccountOf, ordinaryContributionOf } from '../ledger/ledger-sql.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { heldKoboSql, pendingHeldKoboSql } from '../ledger/lien-sql.ts';

const holderColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  staffId: users.staffId,
  phoneNumber: users.phoneNumber,
  active: users.active,
  accountId: savingsAccounts.id,
  balanceKobo: savingsAccounts.balanceKobo,
  heldKobo: sql<string>`case when ${savingsAccounts.id} is null then 0 else ${heldKoboSql(sql`${savingsAccounts.id}`)} end`,
  pendingKobo: sql<string>`case when ${savingsAccounts.id} is null then 0 else ${pendingHeldKoboSql(sql`${savingsAccounts.id}`)} end`,
  lastUpdated: savingsAccounts.lastUpdated,
  monthlyContributionKobo: standingContributions.amountKobo,
};

type HolderRow = Omit<SavingsHolderListItem, 'balanceKobo' | 'heldKobo' | 'pendingKobo' | 'availableKobo' | 'lastUpdated' | 'monthlyContributionKobo'> & {
  balanceKobo: number | null;
  heldKobo: string | number | null;
  pendingKobo: string | number | null;
  lastUpdated: Date | null;
  monthlyContributionKobo: number | null;
};

function toListItem(row: HolderRow): SavingsHolderListItem {
  return {
    ...row,
    balanceKobo: asKobo(row.balanceKobo ?? 0),
    heldKobo: koboFromDb(row.heldKobo),
    availableKobo: availableOf({ balanceKobo: row.balanceKobo ?? 0, heldKobo: koboFromDb(row.heldKobo) }),
    pendingKobo: koboFromDb(row.pendingKobo),
    lastUpdated: row.lastUpdated?.toISOString() ?? null,
    monthlyContributionKobo: asKobo(row.monthlyContributionKobo ?? 0),
  };
}

/**
 * The admin's staff picker and the Transfer modal's recipients: everyone who is not an admin
 * (SPEC 6), matched on name, email, role or staff ID (issue 11), with their balances and standing
 * monthly contributions.
 */
export async function listSavingsHolders(
  db: Database,
  options: { search?: string; excludeUserId?: string },
): Promise<SavingsHolderListItem[]> {
  const conditions: (SQL | undefined)[] = [holderRoleSql(sql`${users.role}`)];
  const search = options.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.role, pattern), ilike(users.staffId, pattern)));
  }
  if (options.excludeUserId) conditions.push(ne(users.id, options.excludeUserId));
  const rows = await db
    .select(holderColumns)
    .from(users)
    .leftJoin(savingsAccounts, ordinaryAccountOf(users.id))
    .leftJoin(standingContributions, ordinaryContributionOf(users.id))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map(toListItem);
}

export type NewStaff = { email: string; password: string; name: string; phoneNumber: string | null };

/**
 * Add New Staff (SPEC 4, DECISIONS 10), all or nothing: the sign-in account (role staff, active,
 * access level readonly), the next staff ID and a zero-balance savings account. The staff ID comes
 * from the `counters` row, locked by its UPDATE until this transaction ends, so concurrent
 * creations queue and a failed one gives its number back: no gaps, no duplicates.
 */
export async function createStaff(db: Database, input: NewStaff, actor: Actor, now: Date = new Date()): Promise<SavingsHolderListItem> {
  try {
    const userId = await db.transaction(async (tx) => {
      const staffId = await nextStaffId(tx);
      const user = await createAccount(
        tx,
        { ...input, role: 'staff', accessLevel: accessLevelOf('staff'), staffId },
        async (inner, newUserId) => {
          await inner.insert(savingsAccounts).values({ userId: newUserId, holderName: input.name, staffId });
          await auditStaffCreated(inner, actor, { ...input, userId: newUserId, staffId }, now);
        },
      );
      return user.id;
    });
    const [row] = await db
      .select(holderColumns)
      .from(users)
      .leftJoin(savingsAccounts, ordinaryAccountOf(users.id))
      .leftJoin(standingContributions, ordinaryContributionOf(users.id))
      .where(eq(users.id, userId));
    if (!row) throw new Error('created staff not found');
    return toListItem(row);
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_IN_USE') throw new AppError('STAFF_EMAIL_IN_USE', { field: 'email' });
    // A staff ID taken outside the counter (e.g. typed into the database by hand).
    if (isUniqueViolation(error, 'users_staff_id_key')) throw new AppError('STAFF_ID_FAILED', { cause: error });
    throw error;
  }
}

/** The next staff ID from the locked `counters` row (DECISIONS 10); also used by user management. */
export async function nextStaffId(tx: Transaction): Promise<string> {
  const [counter] = await tx
    .update(counters)
    .set({ lastValue: sql`${counters.lastValue} + 1` })
    .where(eq(counters.name, 'staff_id'))
    .returning({ value: counters.lastValue });
  if (!counter) throw new AppError('STAFF_ID_FAILED');
  return formatStaffId(counter.value);
}
