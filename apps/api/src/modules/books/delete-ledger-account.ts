import { sql } from 'drizzle-orm';
import { AppError, MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import type { BookDeps } from './book-views.ts';
import { accountLabel, accountValues, auditBooksSetting, isAccountMapped, lockExistingAccount } from './chart-support.ts';

function refuseDeletion(message: string): AppError {
  return new AppError('LEDGER_ACCOUNT_IN_USE', { message });
}

/**
 * DELETE /api/books/accounts/:id: only an account added by mistake goes: never one of the default
 * chart's, one a rule starts from, or one with postings (the journal keeps its lines for ever, so
 * such an account is retired instead).
 */
export async function deleteLedgerAccount(deps: Pick<BookDeps, 'db' | 'now'>, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const account = await lockExistingAccount(tx, id);
    if (account.subledger !== null) throw refuseDeletion(MESSAGES.ledgerAccountIsControl);
    if (account.isSystem) throw refuseDeletion(MESSAGES.ledgerAccountIsSystem);
    const [row] = await queryRows<{ has_lines: boolean }>(tx, sql`select exists (select 1 from journal_lines where account_id = ${account.id}::uuid) as has_lines`);
    if (row?.has_lines) throw refuseDeletion(MESSAGES.ledgerAccountHasPostings);
    if (await isAccountMapped(tx, account.id)) throw refuseDeletion(MESSAGES.ledgerAccountMapped);
    await queryRows(tx, sql`delete from ledger_accounts where id = ${account.id}::uuid`);
    await auditBooksSetting(tx, actor, 'books.account_deleted', { type: 'ledger_account', id: account.id, label: accountLabel(account) }, accountValues(account), null, deps.now());
  });
}
