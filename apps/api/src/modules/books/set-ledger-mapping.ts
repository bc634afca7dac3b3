import { sql } from 'drizzle-orm';
import {
  AppError,
  isFixedMappingKey,
  LEDGER_MAPPING_LABELS,
  mappingAccountMessage,
  mappingBook,
  mappingKind,
  MESSAGES,
  PAYMENT_MAPPING_PREFIX,
  paymentMappingKey,
  paymentMethodSchema,
  firstIssueMessage,
  type LedgerMappingsView,
} from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import type { BookDeps } from './book-views.ts';
import { accountLabel, auditBooksSetting, isUuid, lockLedgerAccount, type LockedAccount } from './chart-support.ts';
import { listLedgerMappings } from './list-ledger-mappings.ts';

function refuseAccount(message: string): AppError {
  return new AppError('LEDGER_MAPPING_ACCOUNT_INVALID', { message, field: 'accountId' });
}

/**
 * A mapping's key as the posting rules look it up: a fixed key as it is, or 'payment:<method>'
 * with the method trimmed and lower-cased (as journal_expenses reads an expense's method).
 */
export function resolveMappingKey(key: string): string {
  if (isFixedMappingKey(key)) return key;
  if (!key.startsWith(PAYMENT_MAPPING_PREFIX)) throw new AppError('LEDGER_MAPPING_NOT_FOUND');
  const method = paymentMethodSchema.safeParse(key.slice(PAYMENT_MAPPING_PREFIX.length));
  if (!method.success) throw new AppError('VALIDATION', { message: firstIssueMessage(method.error), field: 'method' });
  return paymentMappingKey(method.data);
}

function mappingLabel(key: string): string {
  return isFixedMappingKey(key) ? LEDGER_MAPPING_LABELS[key] : `Payment method: ${key.slice(PAYMENT_MAPPING_PREFIX.length)}`;
}

/**
 * The account a rule may use: live, in the rule's book, of the rule's kind, and not a control
 * account (whose lines must each name a member or a loan). Locked, so it cannot be retired meanwhile.
 */
export async function lockMappableAccount(tx: Transaction, accountId: string, expected: { book: string; kind: string; message: string }): Promise<LockedAccount> {
  const account = isUuid(accountId) ? await lockLedgerAccount(tx, accountId) : null;
  if (!account) throw refuseAccount(MESSAGES.ledgerAccountNotFound);
  if (account.isRetired) throw refuseAccount(MESSAGES.ledgerAccountRetired);
  if (account.book !== expected.book || account.kind !== expected.kind || account.subledger !== null) throw refuseAccount(expected.message);
  return account;
}

/** PUT /api/books/mappings/:key: from now on the rule posts to this account; past entries stay. */
export async function setLedgerMapping(deps: Pick<BookDeps, 'db' | 'now'>, actor: Actor, rawKey: string, accountId: string): Promise<LedgerMappingsView> {
  const key = resolveMappingKey(rawKey);
  return deps.db.transaction(async (tx) => {
    const account = await lockMappableAccount(tx, accountId, { book: mappingBook(key), kind: mappingKind(key), message: mappingAccountMessage(key) });
    const [before] = await queryRows<{ account_id: string }>(tx, sql`select account_id from ledger_mappings where key = ${key} for update`);
    await queryRows(
      tx,
      sql`insert into ledger_mappings (key, account_id) values (${key}, ${account.id}::uuid)
          on conflict (key) do update set account_id = excluded.account_id`,
    );
    await auditBooksSetting(
      tx,
      actor,
      'books.mapping_set',
      { type: 'ledger_mapping', id: key, label: mappingLabel(key) },
      before ? { accountId: before.account_id } : null,
      { accountId: account.id, account: accountLabel(account) },
      deps.now(),
    );
    return listLedgerMappings(tx);
  });
}
