import { sql } from 'drizzle-orm';
import type { Book, LedgerAccountView } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { ACCOUNT_COLUMNS, BY_CODE, toAccountView, type AccountRow } from './book-views.ts';

/** A book's chart of accounts by code, retired accounts included and flagged (GET /api/books/accounts). */
export async function listLedgerAccounts(db: Database, book: Book): Promise<{ accounts: LedgerAccountView[] }> {
  const rows = await queryRows<AccountRow>(db, sql`select ${ACCOUNT_COLUMNS} from ledger_accounts a where a.book = ${book} order by ${BY_CODE}`);
  return { accounts: rows.map(toAccountView) };
}
