import { sql } from 'drizzle-orm';
import { AppError, MESSAGES, type Kobo } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { holderRoleSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';

/**
 * Sets standing monthly contributions (issue 11), one or many at once, all or nothing: every
 * person must be a savings holder. ₦0 means none. One audit entry lists the changes.
 */
export async function setContributions(
  deps: SavingsDeps,
  actor: Actor,
  contributions: { userId: string; amountKobo: Kobo }[],
): Promise<{ updated: number }> {
  const input = JSON.stringify(contributions.map((entry) => ({ user_id: entry.userId, amount_kobo: entry.amountKobo })));
  return deps.db.transaction(async (tx) => {
    const holders = await queryRows<{ id: string }>(
      tx,
      sql`select u.id from users u
          where u.id in (select user_id from jsonb_to_recordset(${input}::jsonb) as i(user_id text)) and ${holderRoleSql(sql`u.role`)}
          for share of u`,
    );
    const known = new Set(holders.map((holder) => holder.id));
    const unknown = contributions.findIndex((entry) => !known.has(entry.userId));
    if (unknown >= 0) throw new AppError('VALIDATION', { message: MESSAGES.rowNotHolder, field: `contributions.${unknown}.userId` });
    const at = deps.now();
    const changed = await queryRows<{ user_id: string; before: string | null; after: string }>(
      tx,
      sql`with input as (select distinct on (user_id) * from jsonb_to_recordset(${input}::jsonb) as i(user_id text, amount_kobo bigint)),
          previous as (select c.user_id, c.amount_kobo from standing_contributions c join input i on i.user_id = c.user_id where ${ordinaryAccountSql('c')}),
          saved as (
            insert into standing_contributions (user_id, amount_kobo, updated_at, updated_by_id)
            select user_id, amount_kobo, ${at.toISOString()}, ${actor.id} from input
            on conflict (user_id, product_id) do update set amount_kobo = excluded.amount_kobo, updated_at = excluded.updated_at, updated_by_id = excluded.updated_by_id
            returning user_id, amount_kobo
          )
          select s.user_id, p.amount_kobo as before, s.amount_kobo as after
          from saved s left join previous p on p.user_id = s.user_id`,
    );
    await recordAudit(tx, {
      kind: 'savings.contribution_set',
      actor,
      target: { type: 'savings_account', id: null, label: changed.length === 1 ? '1 holder' : `${changed.length} holders` },
      people: changed.map((row) => row.user_id),
      before: { contributions: changed.map((row) => ({ userId: row.user_id, amountKobo: row.before === null ? 0 : Number(row.before) })) },
      after: { contributions: changed.map((row) => ({ userId: row.user_id, amountKobo: Number(row.after) })) },
      at,
    });
    return { updated: changed.length };
  });
}
