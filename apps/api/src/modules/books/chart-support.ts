import { sql } from 'drizzle-orm';
import { AppError, type AccountKind, type AuditKind, type AuditValues, type Book, type LedgerAccountView } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ACCOUNT_COLUMNS, toAccountView, type AccountRow } from './book-views.ts';

/** What the chart's and the mappings' operations need of an account, read with its row locked. */
export type LockedAccount = {
  id: string;
  book: Book;
  code: string;
  name: string;
  kind: AccountKind;
  subledger: string | null;
  isSystem: boolean;
  isRetired: boolean;
};

/**
 * Locks an account's row for the rest of the transaction, so a retirement and a mapping to the same
 * account cannot both pass their checks; null when there is no such account.
 */
export async function lockLedgerAccount(tx: Transaction, id: string): Promise<LockedAccount | null> {
  const [row] = await queryRows<{ id: string; book: Book; code: string; name: string; kind: AccountKind; subledger: string | null; is_system: boolean; is_retired: boolean }>(
    tx,
    sql`select id, book, code, name, kind, subledger, system_key is not null as is_system, retired_at is not null as is_retired
        from ledger_accounts where id = ${id}::uuid for update`,
  );
  if (!row) return null;
  return { id: row.id, book: row.book, code: row.code, name: row.name, kind: row.kind, subledger: row.subledger, isSystem: row.is_system, isRetired: row.is_retired };
}

/** An id that is not a UUID names no account (rather than a database error). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export async function lockExistingAccount(tx: Transaction, id: string): Promise<LockedAccount> {
  const account = isUuid(id) ? await lockLedgerAccount(tx, id) : null;
  if (!account) throw new AppError('LEDGER_ACCOUNT_NOT_FOUND');
  return account;
}

/** Whether a posting rule starts from this account: a mapping, or an expense item's own account. */
export async function isAccountMapped(tx: Transaction, id: string): Promise<boolean> {
  const [row] = await queryRows<{ mapped: boolean }>(
    tx,
    sql`select exists (select 1 from ledger_mappings where account_id = ${id}::uuid)
            or exists (select 1 from categories where ledger_account_id = ${id}::uuid) as mapped`,
  );
  return row?.mapped ?? false;
}

export async function readAccountView(tx: Transaction, id: string): Promise<LedgerAccountView> {
  const [row] = await queryRows<AccountRow>(tx, sql`select ${ACCOUNT_COLUMNS} from ledger_accounts a where a.id = ${id}::uuid`);
  if (!row) throw new AppError('LEDGER_ACCOUNT_NOT_FOUND');
  return toAccountView(row);
}

export function accountLabel(account: { code: string; name: string }): string {
  return `${account.code} ${account.name}`;
}

export function accountValues(account: { book: Book; code: string; name: string; kind: AccountKind; isRetired?: boolean; retired?: boolean }): AuditValues {
  return { book: account.book, code: account.code, name: account.name, kind: account.kind, retired: account.isRetired ?? account.retired ?? false };
}

/** One audit entry for a change to the chart or the mappings, in the change's own transaction. */
export async function auditBooksSetting(
  tx: Transaction,
  actor: Actor,
  kind: Extract<AuditKind, `books.${string}`>,
  target: { type: 'ledger_account' | 'ledger_mapping' | 'category'; id: string; label: string },
  before: AuditValues | null,
  after: AuditValues | null,
  at: Date,
): Promise<void> {
  await recordAudit(tx, { kind, actor: { id: actor.id, name: actor.name, email: actor.email }, target, before, after, at });
}
