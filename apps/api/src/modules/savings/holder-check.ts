import { sql } from 'drizzle-orm';
import { AppError, holdsSavings, type ErrorCode, type Role } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';

/**
 * Called after the posting holds the account's row lock: is the account still held by someone who
 * may hold savings? A person deleted meanwhile leaves the account detached, and one made an admin
 * meanwhile holds none (DECISIONS 7, 8); both lock this row first (users/delete-user.ts,
 * users/change-role.ts), so this fresh read sees their outcome, and the posting is refused whole.
 */
export async function assertAccountStillHeld(tx: Transaction, accountId: string, refusal: ErrorCode): Promise<void> {
  const [holder] = await queryRows<{ role: Role | null }>(
    tx,
    sql`select u.role from savings_accounts a left join users u on u.id = a.user_id where a.id = ${accountId}`,
  );
  if (!holder?.role || !holdsSavings(holder.role)) throw new AppError(refusal);
}
