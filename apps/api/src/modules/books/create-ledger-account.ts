import { sql } from 'drizzle-orm';
import { AppError, ledgerAccountCodeTakenMessage, type AccountKind, type Book, type LedgerAccountView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import type { BookDeps } from './book-views.ts';
import { accountLabel, accountValues, auditBooksSetting, readAccountView } from './chart-support.ts';

/**
 * POST /api/books/accounts: an account of the admin's own in one book's chart. Control accounts
 * (members' savings, loans to members) come only with the default chart, so none is made here.
 * The unique index on (book, code) decides a taken code, so two simultaneous adds cannot both win.
 */
export async function createLedgerAccount(
  deps: Pick<BookDeps, 'db' | 'now'>,
  actor: Actor,
  input: { book: Book; code: string; name: string; kind: AccountKind },
): Promise<LedgerAccountView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into ledger_accounts (book, code, name, kind) values (${input.book}, ${input.code}, ${input.name}, ${input.kind}) returning id`,
      );
      if (!row) throw new Error('insert returned no account');
      await auditBooksSetting(tx, actor, 'books.account_created', { type: 'ledger_account', id: row.id, label: accountLabel(input) }, null, accountValues(input), deps.now());
      return readAccountView(tx, row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_accounts_book_code_key')) {
      throw new AppError('LEDGER_ACCOUNT_CODE_TAKEN', { field: 'code', message: ledgerAccountCodeTakenMessage(input.code) });
    }
    throw error;
  }
}
