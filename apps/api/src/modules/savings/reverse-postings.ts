import { sql } from 'drizzle-orm';
import { AppError, type IsoDate } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import { firstDayBelowZeroSql, holderRoleSql } from '../ledger/ledger-sql.ts';
import { belowZeroError } from './lien-refusal.ts';

export type Reversal = {
  actor: Actor;
  /** The postings to undo (a transfer's both legs are expected together). */
  originalIds: string[];
  reason: string;
  valueDate: IsoDate;
  at: Date;
};

/** The ids of the new rows, in the order of the originals they undo. */
export type ReversalRows = { originalId: string; reversalId: string; accountId: string }[];

/**
 * Undoes postings with new, opposite ledger rows (issue 11; COOPERATIVE.md "nothing is ever
 * edited"): a deposit by a withdrawal, a withdrawal by a deposit, a transfer's legs by the opposite
 * legs under a new transfer id. Set-based, so a 10,000-row batch is a handful of statements.
 * Runs inside the caller's transaction and throws to roll it back:
 * - every account involved is locked in id order first (no deadlock with postings or transfers);
 * - an account whose holder was deleted or made an admin meanwhile is 'No savings account found';
 * - a reversal that would take any balance below zero moves nothing (REVERSAL_OVERDRAWS), nor one
 *   that would, ordered by value date, on any day from its value date on (issue 26: undoing a
 *   deposit or transfer_in is money going out on the reversal's value date);
 * - the unique index on reverses_id makes a second reversal of the same posting fail, however
 *   the two requests interleave (ALREADY_REVERSED).
 */
export async function reversePostings(tx: Transaction, reversal: Reversal): Promise<ReversalRows> {
  const ids = JSON.stringify(reversal.originalIds);
  const locked = await queryRows<{ id: string; user_id: string | null; holds: boolean }>(tx, sql`
    select a.id, a.user_id, coalesce(${holderRoleSql(sql`u.role`)}, false) as holds
    from savings_accounts a
    left join users u on u.id = a.user_id
    where a.id in (select account_id from savings_transactions where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb)))
    order by a.id
    for no key update of a`);
  if (locked.some((row) => !row.user_id || !row.holds)) throw new AppError('NO_SAVINGS_ACCOUNT');

  const moved = await queryRows<{ id: string; ok: boolean; holder_name: string; short_day: IsoDate | null; balance_after: string | number }>(tx, sql`
    with originals as (
      select account_id, case when type in ('deposit', 'transfer_in', 'interest') then -amount_kobo else amount_kobo end as delta
      from savings_transactions
      where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
    ),
    deltas as (select account_id, sum(delta) as delta from originals group by account_id),
    judged as (
      select d.account_id, d.delta, a.balance_kobo + d.delta as balance_after,
             ${firstDayBelowZeroSql(sql`d.account_id`, sql`a.balance_kobo`, sql`${reversal.valueDate}::date`, sql`d.delta`)} as short_day
      from deltas d join savings_accounts a on a.id = d.account_id
    ),
    moved as (
      update savings_accounts a
      set balance_kobo = a.balance_kobo + j.delta, last_updated = ${reversal.at.toISOString()}
      from judged j
      where a.id = j.account_id and j.balance_after >= 0 and j.short_day is null
      returning a.id
    )
    select j.account_id as id, exists (select 1 from moved where moved.id = j.account_id) as ok, a.holder_name, j.short_day, j.balance_after
    from judged j join savings_accounts a on a.id = j.account_id`);
  const short = moved.find((row) => !row.ok);
  if (short && Number(short.balance_after) < 0) {
    throw new AppError('REVERSAL_OVERDRAWS', { message: `Reversing this would take ${short.holder_name}'s balance below zero, so nothing was reversed.` });
  }
  if (short?.short_day) throw belowZeroError(short.short_day);
  if (short) throw new AppError('REVERSAL_OVERDRAWS');

  try {
    const inserted = await queryRows<{ reverses_id: string; id: string; account_id: string }>(tx, sql`
      with originals as (
        select * from savings_transactions
        where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      ),
      transfers as (
        select transfer_id, gen_random_uuid() as new_id from originals where transfer_id is not null group by transfer_id
      )
      insert into savings_transactions
        (account_id, type, amount_kobo, description, transfer_id, counterparty_account_id, counterparty_name,
         created_by_id, created_by_email, processed_by_email, created_at, value_date, reverses_id, reason)
      select o.account_id,
             -- A penalty is undone by a deposit, interest by a withdrawal; the books post either
             -- back through the account its original used (journal_savings reads the original's type).
             case o.type when 'deposit' then 'withdrawal' when 'withdrawal' then 'deposit'
                         when 'transfer_in' then 'transfer_out' when 'transfer_out' then 'transfer_in'
                         when 'penalty' then 'deposit' else 'withdrawal' end,
             o.amount_kobo, ${`Reversal: ${reversal.reason}`}, t.new_id, o.counterparty_account_id, o.counterparty_name,
             ${reversal.actor.id}, ${reversal.actor.email}, ${reversal.actor.email}, ${reversal.at.toISOString()},
             ${reversal.valueDate}, o.id, ${reversal.reason}
      from originals o
      left join transfers t on t.transfer_id = o.transfer_id
      order by o.seq
      returning reverses_id, id, account_id`);
    return inserted.map((row) => ({ originalId: row.reverses_id, reversalId: row.id, accountId: row.account_id }));
  } catch (error) {
    if (isUniqueViolation(error, 'savings_transactions_reverses_key')) throw new AppError('ALREADY_REVERSED');
    throw error;
  }
}
