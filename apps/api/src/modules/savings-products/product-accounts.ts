import { sql } from 'drizzle-orm';
import { AppError, MESSAGES, type SavingsProductKind } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Db } from './savings-product-views.ts';

/**
 * The books' side of a savings product (docs/decisions/046-savings-products.md, "Products in
 * Settings"): its control account in the scheme's chart and the income account its penalty goes to.
 * Share capital is equity, every other saving a liability the scheme owes its members.
 */
export function controlKindOf(kind: SavingsProductKind): 'equity' | 'liability' {
  return kind === 'shares' ? 'equity' : 'liability';
}

/** Where a new control account's code is looked for: the first free one in the range. */
const NEW_CODE_RANGES = { liability: [2200, 2899], equity: [3010, 3099] } as const;

/**
 * An account a product may take as its control: a product's own already, or a live scheme account
 * of the right kind that is a members' control account nobody uses, or a plain account nothing has
 * ever posted to and no posting rule starts from (a sub-ledger account takes only members' lines).
 */
function isControlCandidate(a: string) {
  const account = sql.raw(a);
  return sql`(${account}.subledger = 'member_savings'
    or (${account}.subledger is null
      and not exists (select 1 from journal_lines l where l.account_id = ${account}.id)
      and not exists (select 1 from ledger_mappings m where m.account_id = ${account}.id)
      and not exists (select 1 from categories c where c.ledger_account_id = ${account}.id)))`;
}

type ControlAccountRow = { id: string; code: string; name: string; kind: 'liability' | 'equity'; product_id: string | null };

/** GET /api/savings-products/control-accounts: what the product form offers. */
export async function listSavingsProductAccounts(db: Db) {
  const controls = await queryRows<ControlAccountRow>(
    db,
    sql`select a.id, a.code, a.name, a.kind, p.id as product_id
        from ledger_accounts a left join savings_products p on p.control_account_id = a.id
        where a.book = 'scheme' and a.kind in ('liability', 'equity')
          and (p.id is not null or (a.retired_at is null and ${isControlCandidate('a')}))
        order by a.code`,
  );
  const penalties = await queryRows<{ id: string; code: string; name: string }>(
    db,
    sql`select id, code, name from ledger_accounts where book = 'scheme' and kind = 'income' and retired_at is null order by code`,
  );
  const [mapping] = await queryRows<{ account_id: string }>(db, sql`select account_id from ledger_mappings where key = 'savings.penalty_income'`);
  return {
    controlAccounts: controls.map((row) => ({ id: row.id, code: row.code, name: row.name, kind: row.kind, productId: row.product_id })),
    penaltyAccounts: penalties,
    defaultPenaltyAccountId: mapping?.account_id ?? null,
  };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

function controlRefused(): AppError {
  return new AppError('VALIDATION', { field: 'controlAccountId', message: MESSAGES.savingsControlAccountUnusable });
}

/**
 * Takes the chosen account as the product's control account, its row locked for the transaction:
 * refused unless it is a candidate of the product's kind that no other product uses; a plain account
 * becomes a members' control account (subledger 'member_savings').
 */
export async function takeControlAccount(tx: Transaction, accountId: string, kind: SavingsProductKind, productId: string | null): Promise<string> {
  if (!isUuid(accountId)) throw controlRefused();
  const [account] = await queryRows<{ id: string; subledger: string | null }>(
    tx,
    sql`select a.id, a.subledger from ledger_accounts a
        where a.id = ${accountId}::uuid and a.book = 'scheme' and a.kind = ${controlKindOf(kind)} and a.retired_at is null
          and ${isControlCandidate('a')}
          and not exists (select 1 from savings_products p where p.control_account_id = a.id and p.id is distinct from ${productId}::uuid)
        for update`,
  );
  if (!account) throw controlRefused();
  if (account.subledger === null) await tx.execute(sql`update ledger_accounts set subledger = 'member_savings' where id = ${account.id}::uuid`);
  return account.id;
}

/**
 * Opens a control account for the product, named after it, at the first free code of its kind's
 * range. Two products opened at once may reach for the same code: the unique (book, code) index
 * lets one have it and the other tries the next.
 */
export async function openControlAccount(tx: Transaction, actor: Actor, name: string, kind: SavingsProductKind, at: Date): Promise<string> {
  const accountKind = controlKindOf(kind);
  const [low, high] = NEW_CODE_RANGES[accountKind];
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await queryRows<{ id: string; code: string }>(
      tx,
      sql`insert into ledger_accounts (book, code, name, kind, subledger)
          select 'scheme', n::text, ${name}, ${accountKind}, 'member_savings' from generate_series(${low}::int, ${high}::int) n
          where not exists (select 1 from ledger_accounts a where a.book = 'scheme' and a.code = n::text)
          order by n limit 1
          on conflict (book, code) do nothing
          returning id, code`,
    );
    if (row) {
      await recordAudit(tx, {
        kind: 'books.account_created',
        actor,
        target: { type: 'ledger_account', id: row.id, label: `${row.code} ${name}` },
        before: null,
        after: { book: 'scheme', code: row.code, name, kind: accountKind, subledger: 'member_savings' },
        at,
      });
      return row.id;
    }
  }
  throw controlRefused();
}

/** A penalty goes to a live income account of the scheme's book. */
export async function checkPenaltyAccount(tx: Transaction, accountId: string | null): Promise<void> {
  if (accountId === null) return;
  const refused = new AppError('VALIDATION', { field: 'penaltyAccountId', message: MESSAGES.penaltyAccountUnusable });
  if (!isUuid(accountId)) throw refused;
  const [account] = await queryRows<{ id: string }>(
    tx,
    sql`select id from ledger_accounts where id = ${accountId}::uuid and book = 'scheme' and kind = 'income' and retired_at is null for share`,
  );
  if (!account) throw refused;
}
