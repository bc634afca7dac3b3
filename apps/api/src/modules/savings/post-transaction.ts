import { sql } from 'drizzle-orm';
import { koboFromDb } from '../../db/kobo.ts';
import { AppError, asKobo, availableOf, can, type IsoDate, type PostedTransaction, type SavingsAccountView } from '@kobo/core';
import { preparedStatement, type Database, type Transaction } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { findHolder, openAccount, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { accountLabelSql } from '../audit/audit-acts.ts';
import { firstDayBelowZeroSql, holderRoleSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { loanHeldKoboSql, pendingHeldKoboSql } from '../ledger/lien-sql.ts';
import { belowZeroError, heldRefusalError } from './lien-refusal.ts';

export type NewSavingsTransaction = {
  userId: string | null;
  type: 'deposit' | 'withdrawal';
  amountKobo: number;
  description: string | null;
  valueDate: IsoDate | null;
};

/**
 * `actor` posts it (the audit entry, and `processed_by` when an officer); `createdBy` asked for it:
 * the actor, or the maker of a request an officer approves (issue 15).
 */
type Posting = { actor: Actor; createdBy: { id: string; email: string }; userId: string; input: NewSavingsTransaction; at: string; valueDate: IsoDate };

type PostingRow = {
  account_id: string;
  account_created_at: Date | string;
  user_id: string;
  holder_name: string;
  email: string;
  role: SavingsAccountView['role'];
  staff_id: string | null;
  /** Issue 32: the holder left and the account closed at their exit's settlement. */
  closed: boolean;
  /** Null when the balance could not cover a withdrawal: nothing was posted. */
  transaction_id: string | null;
  description: string | null;
  created_by_email: string | null;
  processed_by_email: string | null;
  balance_kobo: string | number | null;
  /** The balance when the posting was judged, and what loans (issue 12) and pending requests (issue 15) held of it. */
  balance_before: string | number;
  loan_held_kobo: string | number;
  pending_kobo: string | number;
  /** Issue 26: the first day the statement would go below zero with this withdrawal, or null. */
  short_day: string | null;
};

/**
 * A deposit or withdrawal (DECISIONS 8, 9; docs/decisions/012-one-round-trip-postings.md).
 *
 * The whole posting is one SQL statement, and so one atomic transaction of its own: it locks the
 * holder's account and user rows, moves the stored balance only where it stays at or above zero,
 * and writes the ledger row and its audit entry; any failure leaves none of them.
 * - The account row lock (FOR NO KEY UPDATE) queues concurrent postings on one account, so
 *   withdrawals cannot overdraw it; the conditional UPDATE re-reads the balance after the wait.
 * - The user row lock (FOR SHARE) waits for a role change or deletion in flight and then re-checks
 *   the newest row: a holder who became an admin, or was deleted, meanwhile gets nothing posted.
 * One round trip instead of seven: this is the benchmark's hot path (issue 4).
 */
export async function postTransaction(
  deps: SavingsDeps,
  actor: Actor,
  input: NewSavingsTransaction,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedTransaction>> {
  const userId = holderForRequest(actor, input.userId, 'post_own_savings');
  const posting: Posting = {
    actor,
    createdBy: actor,
    userId,
    input,
    at: deps.now().toISOString(),
    valueDate: await resolvePostingValueDate(deps, actor, input.valueDate),
  };
  // Without a key the one statement is the transaction; with one, the key is stored in the same
  // transaction as the posting (idempotency.ts).
  if (!key) return { body: await post(deps.db, posting), isReplay: false };
  return postIdempotently(deps.db, key, (tx) => post(tx, posting));
}

/**
 * Posts a deposit or withdrawal an officer approved (issue 15), inside the approval's transaction:
 * `approver` posts it, the request's maker is recorded as having asked for it, on the request's
 * value date. A deposit for a member whose account was never opened opens it, as above.
 */
export async function postApprovedTransaction(
  tx: Transaction,
  deps: Pick<SavingsDeps, 'now'>,
  approver: Actor,
  request: { userId: string; maker: { id: string; email: string }; input: NewSavingsTransaction; valueDate: IsoDate },
): Promise<PostedTransaction> {
  const posting: Posting = {
    actor: approver,
    createdBy: request.maker,
    userId: request.userId,
    input: request.input,
    at: deps.now().toISOString(),
    valueDate: request.valueDate,
  };
  return post(tx, posting);
}

async function post(db: Database | Transaction, posting: Posting): Promise<PostedTransaction> {
  const row = posting.input.type === 'withdrawal' ? await db.transaction((tx) => withdrawAfterLocking(tx, posting)) : await postOnHeldAccount(db, posting);
  return row ? toPosted(row, posting) : postOnUnopenedAccount(db, posting);
}

/**
 * A holder whose account was never opened (a regular user who never saved). A withdrawal is
 * refused without opening one: there is nothing to take. A deposit opens it at zero and posts, in
 * one transaction (a savepoint inside an idempotent posting's), so a deposit refused after all
 * leaves no account behind (issue 10: a refused request changes nothing).
 */
async function postOnUnopenedAccount(db: Database | Transaction, posting: Posting): Promise<PostedTransaction> {
  const holder = await findHolder(db, { userId: posting.userId }); // 'No savings account found' for no one, or an admin
  if (!holder.accountId && posting.input.type === 'withdrawal') throw new AppError('INSUFFICIENT_BALANCE', { field: 'amount' });
  return db.transaction(async (tx) => {
    // An account opened meanwhile by another posting is posted on as usual.
    if (!holder.accountId) await openAccount(tx, holder.userId);
    const row = await postOnHeldAccount(tx, posting);
    if (!row) throw new AppError('NO_SAVINGS_ACCOUNT');
    return toPosted(row, posting);
  });
}

/**
 * A withdrawal takes the account's lock in a statement of its own first. The posting's statement
 * then starts after any act that changed what loans hold of the account has committed (a payout,
 * a guarantee accepted, a repayment undone: each takes the same lock), so it reads those holds as
 * they now are; one statement that waited for the lock would read them as they were when it began.
 */
async function withdrawAfterLocking(tx: Transaction, posting: Posting): Promise<PostingRow | null> {
  await tx.execute(sql`select a.id from savings_accounts a where a.user_id = ${posting.userId} and ${ordinaryAccountSql('a')} for no key update`);
  return postOnHeldAccount(tx, posting);
}

const value = (name: string) => sql.placeholder(name);

/**
 * The posting's one statement (postTransaction's note above says what it does), its values bound
 * by each call: its text is built once per process and planned once per connection.
 *
 * Two texts of it, one per direction. Money coming in (delta >= 0) is never refused for a day
 * below zero, so its `short` is null without reading the ledger, as firstDayBelowZeroSql's own
 * `case` would make it. Why two: PostgreSQL plans a prepared statement afresh on every call while
 * it judges the one generic plan dearer than plans for each call's values, and the generic plan
 * prices that ledger scan for an unknown day (a third of the account's rows). Once the tables had
 * statistics, a deposit was re-planned on every call, a quarter of the database's CPU per deposit
 * (npm run bench:deposit-cpu, and perf on the backends: GetCachedPlan → standard_planner).
 */
function postingSql(moneyOut: boolean) {
  const firstDayBelowZero = moneyOut
    ? firstDayBelowZeroSql(sql`holder.account_id`, sql`holder.balance_before`, sql`${value('valueDate')}::date`, sql`${value('delta')}::bigint`)
    : sql`null::text`;
  return sql`
      with holder as (
        select a.id as account_id, a.created_at as account_created_at, u.id as user_id, u.name as holder_name,
               u.email, u.role, u.staff_id, a.balance_kobo as balance_before, a.closed_at is not null as closed
        from savings_accounts a
        join users u on u.id = a.user_id
        where a.user_id = ${value('userId')} and ${ordinaryAccountSql('a')} and ${holderRoleSql(sql`u.role`)}
        for no key update of a
        for share of u
      ),
      held_parts as materialized (
        -- What loans and pending requests hold (lien-sql.ts heldKoboSql is their sum), read under
        -- the account's lock; the answer shows it beside the balance and names the cause of a refusal.
        -- Materialized: inlined, each of its sums was read twice (once for loan_kobo, once for the total).
        select ${loanHeldKoboSql(sql`holder.account_id`)} as loan_kobo, ${pendingHeldKoboSql(sql`holder.account_id`)} as pending_kobo
        from holder
      ),
      held as (
        select loan_kobo, pending_kobo, loan_kobo + pending_kobo as kobo from held_parts
      ),
      short as (
        -- Ordered by value date, no day from this one on may end below zero (issue 26). A withdrawal
        -- reads it after locking in a statement of its own (withdrawAfterLocking), so the ledger it
        -- scans is the one the locked balance sums.
        select ${firstDayBelowZero} as day
        from holder
      ),
      moved as (
        update savings_accounts a
        set balance_kobo = a.balance_kobo + ${value('delta')}, last_updated = ${value('at')}
        from holder, held, short
        -- A withdrawal leaves at least what is held; a deposit is never refused for a hold.
        where a.id = holder.account_id
          and short.day is null
          and a.balance_kobo + ${value('delta')} >= case when ${value('delta')}::bigint < 0 then held.kobo else 0 end
        returning a.id, a.balance_kobo
      ),
      posted as (
        insert into savings_transactions
          (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at, value_date)
        select moved.id, ${value('type')}, ${value('amountKobo')}, ${value('description')}, ${value('createdById')}, ${value('createdByEmail')}, ${value('processedBy')}, ${value('at')}, ${value('valueDate')}
        from moved
        returning id, type, amount_kobo, description, created_by_email, processed_by_email
      ),
      audited as (
        insert into audit_log
          (kind, actor_id, actor_name, actor_email, target_type, target_id, target_label, people, before, after, at)
        select ${value('auditKind')}, ${value('actorId')}, ${value('actorName')}, ${value('actorEmail')}, 'savings_account', holder.account_id::text,
               ${accountLabelSql(sql`holder.holder_name`, sql`holder.staff_id`)}, array[holder.user_id],
               jsonb_build_object('balanceKobo', moved.balance_kobo - ${value('delta')}),
               jsonb_build_object('balanceKobo', moved.balance_kobo, 'transactionId', posted.id, 'type', posted.type,
                                  'amountKobo', posted.amount_kobo, 'description', posted.description,
                                  'valueDate', ${value('valueDate')}::text),
               ${value('at')}
        from holder, moved, posted
      )
      select holder.*, posted.id as transaction_id, posted.description, posted.created_by_email, posted.processed_by_email,
             moved.balance_kobo, held.loan_kobo as loan_held_kobo, held.pending_kobo, short.day as short_day
      from holder
      cross join held
      cross join short
      left join moved on true
      left join posted on true`;
}

const postingStatements = {
  moneyIn: preparedStatement<PostingRow>('kobo_post_money_in', postingSql(false)),
  moneyOut: preparedStatement<PostingRow>('kobo_post_transaction', postingSql(true)),
};

/** Null when `userId` holds no open account; a row without a transaction when the balance is short. */
async function postOnHeldAccount(db: Database | Transaction, { actor, createdBy, userId, input, at, valueDate }: Posting): Promise<PostingRow | null> {
  // An officer's posting names them; a holder's own posting needs no name.
  const processedBy = can(actor.role, 'manage_staff_savings') ? actor.email : null;
  const delta = input.type === 'deposit' ? input.amountKobo : -input.amountKobo;
  const [row] = await (delta < 0 ? postingStatements.moneyOut : postingStatements.moneyIn)(db, {
    userId,
    delta,
    valueDate,
    at,
    type: input.type,
    amountKobo: input.amountKobo,
    description: input.description,
    createdById: createdBy.id,
    createdByEmail: createdBy.email,
    processedBy,
    auditKind: `savings.${input.type}`,
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
  });
  return row ?? null;
}

function toPosted(row: PostingRow, { input, at, valueDate }: Posting): PostedTransaction {
  if (row.transaction_id === null || row.balance_kobo === null || row.created_by_email === null) {
    // A closed account holds nothing, but "closed" is the reason, not the balance (a deposit to one
    // is refused by the posting rule itself, KB410).
    if (row.closed) throw new AppError('SAVINGS_ACCOUNT_CLOSED');
    // Enough savings, but not once what is held is set aside: say what holds it. Enough today, but
    // not on an earlier day of the statement: name the day.
    const balanceBefore = koboFromDb(row.balance_before);
    throw (
      heldRefusalError(input.amountKobo, balanceBefore, koboFromDb(row.loan_held_kobo), koboFromDb(row.pending_kobo)) ??
      (row.short_day && input.amountKobo <= balanceBefore ? belowZeroError(row.short_day as IsoDate) : new AppError('INSUFFICIENT_BALANCE', { field: 'amount' }))
    );
  }
  return {
    transaction: {
      id: row.transaction_id,
      type: input.type,
      amountKobo: asKobo(input.amountKobo),
      description: row.description,
      createdAt: at,
      createdByEmail: row.created_by_email,
      processedByEmail: row.processed_by_email,
      transferId: null,
      counterpartyAccountId: null,
      counterpartyName: null,
      valueDate,
      reversesId: null,
      reason: null,
      reversedById: null,
      batchId: null,
    },
    account: {
      accountId: row.account_id,
      userId: row.user_id,
      holderName: row.holder_name,
      email: row.email,
      role: row.role,
      staffId: row.staff_id,
      balanceKobo: koboFromDb(row.balance_kobo),
      heldKobo: asKobo(koboFromDb(row.loan_held_kobo) + koboFromDb(row.pending_kobo)),
      pendingKobo: koboFromDb(row.pending_kobo),
      availableKobo: availableOf({ balanceKobo: koboFromDb(row.balance_kobo), heldKobo: koboFromDb(row.loan_held_kobo) + koboFromDb(row.pending_kobo) }),
      lastUpdated: at,
      createdAt: new Date(row.account_created_at).toISOString(),
    },
  };
}
