import { sql } from 'drizzle-orm';
import { AppError, MESSAGES, RUN_COLUMN_MESSAGES, type Kobo } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { holderRoleSql } from '../ledger/ledger-sql.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readRunProducts } from './run-products.ts';

/**
 * Sets standing monthly contributions (issue 11), one or many at once, all or nothing: every
 * person must be a savings holder. ₦0 means none. Issue 29: each to a product (ordinary savings
 * unless named) that takes contributions: live, and not a fixed deposit. One audit entry lists the changes.
 */
export async function setContributions(
  deps: SavingsDeps,
  actor: Actor,
  contributions: { userId: string; amountKobo: Kobo; productId: string }[],
): Promise<{ updated: number }> {
  const input = JSON.stringify(contributions.map((entry) => ({ user_id: entry.userId, amount_kobo: entry.amountKobo, product_id: entry.productId })));
  return deps.db.transaction(async (tx) => {
    const products = await readRunProducts(tx);
    contributions.forEach((entry, index) => {
      const product = products.all.find((candidate) => candidate.id === entry.productId);
      const problem = !product
        ? MESSAGES.savingsProductNotFound
        : product.retiredAt !== null
          ? `${product.name} ${MESSAGES.retiredTakesNoMoney}`
          : product.kind === 'fixed'
            ? RUN_COLUMN_MESSAGES.takesNoContributions(product.name)
            : null;
      if (problem) throw new AppError('VALIDATION', { message: problem, field: `contributions.${index}.productId` });
    });
    const holders = await queryRows<{ id: string }>(
      tx,
      sql`select u.id from users u
          where u.id in (select user_id from json_to_recordset(${input}::json) as i(user_id text)) and ${holderRoleSql(sql`u.role`)}
          for share of u`,
    );
    const known = new Set(holders.map((holder) => holder.id));
    const unknown = contributions.findIndex((entry) => !known.has(entry.userId));
    if (unknown >= 0) throw new AppError('VALIDATION', { message: MESSAGES.rowNotHolder, field: `contributions.${unknown}.userId` });
    const at = deps.now();
    const changed = await queryRows<{ user_id: string; product_id: string; before: string | null; after: string }>(
      tx,
      sql`with input as (select distinct on (user_id, product_id) * from json_to_recordset(${input}::json) as i(user_id text, amount_kobo bigint, product_id uuid)),
          previous as (select c.user_id, c.product_id, c.amount_kobo from standing_contributions c join input i on i.user_id = c.user_id and i.product_id = c.product_id),
          saved as (
            insert into standing_contributions (user_id, product_id, amount_kobo, updated_at, updated_by_id)
            select user_id, product_id, amount_kobo, ${at.toISOString()}, ${actor.id} from input
            on conflict (user_id, product_id) do update set amount_kobo = excluded.amount_kobo, updated_at = excluded.updated_at, updated_by_id = excluded.updated_by_id
            returning user_id, product_id, amount_kobo
          )
          select s.user_id, s.product_id, p.amount_kobo as before, s.amount_kobo as after
          from saved s left join previous p on p.user_id = s.user_id and p.product_id = s.product_id`,
    );
    const people = [...new Set(changed.map((row) => row.user_id))];
    await recordAudit(tx, {
      kind: 'savings.contribution_set',
      actor,
      target: { type: 'savings_account', id: null, label: people.length === 1 ? '1 holder' : `${people.length} holders` },
      people,
      before: { contributions: changed.map((row) => ({ userId: row.user_id, productId: row.product_id, amountKobo: row.before === null ? 0 : Number(row.before) })) },
      after: { contributions: changed.map((row) => ({ userId: row.user_id, productId: row.product_id, amountKobo: Number(row.after) })) },
      at,
    });
    return { updated: changed.length };
  });
}
