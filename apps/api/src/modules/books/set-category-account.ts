import { sql } from 'drizzle-orm';
import { AppError, ITEM_ACCOUNT_MESSAGE, MESSAGES, type LedgerMappingsView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import type { BookDeps } from './book-views.ts';
import { accountLabel, auditBooksSetting, isUuid } from './chart-support.ts';
import { listLedgerMappings } from './list-ledger-mappings.ts';
import { lockMappableAccount } from './set-ledger-mapping.ts';

const ITEM_ACCOUNT = { book: 'organisation', kind: 'expense', message: ITEM_ACCOUNT_MESSAGE } as const;

/**
 * PUT /api/books/categories/:id/account: the item's expenses post to another expense account from
 * now on. Past entries stay where they are; an expense edited later has what stood reversed and
 * posts anew to the item's account then (the database's journal_expenses does that).
 */
export async function setCategoryAccount(deps: Pick<BookDeps, 'db' | 'now'>, actor: Actor, categoryId: string, accountId: string): Promise<LedgerMappingsView> {
  return deps.db.transaction(async (tx) => {
    const [item] = isUuid(categoryId)
      ? await queryRows<{ id: string; name: string; account_id: string }>(tx, sql`select id, name, ledger_account_id as account_id from categories where id = ${categoryId}::uuid for update`)
      : [];
    if (!item) throw new AppError('NOT_FOUND', { message: MESSAGES.categoryNotFound });
    const account = await lockMappableAccount(tx, accountId, ITEM_ACCOUNT);
    await queryRows(tx, sql`update categories set ledger_account_id = ${account.id}::uuid where id = ${item.id}::uuid`);
    await auditBooksSetting(
      tx,
      actor,
      'books.item_account_set',
      { type: 'category', id: item.id, label: item.name },
      { accountId: item.account_id },
      { accountId: account.id, account: accountLabel(account) },
      deps.now(),
    );
    return listLedgerMappings(tx);
  });
}
