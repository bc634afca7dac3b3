import { sql } from 'drizzle-orm';
import { AppError, ledgerAccountCodeTakenMessage, MESSAGES, type LedgerAccountView } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import type { BookDeps } from './book-views.ts';
import { accountLabel, accountValues, auditBooksSetting, isAccountMapped, lockExistingAccount, readAccountView, type LockedAccount } from './chart-support.ts';

function refuseRetirement(message: string): AppError {
  return new AppError('LEDGER_ACCOUNT_IN_USE', { message, field: 'retired' });
}

/**
 * PATCH /api/books/accounts/:id: recode or rename any account (the posting rules know the default
 * chart by system_key, never by name), retire one nothing needs, or bring a retired one back.
 */
export async function updateLedgerAccount(
  deps: Pick<BookDeps, 'db' | 'now'>,
  actor: Actor,
  id: string,
  input: { code?: string | undefined; name?: string | undefined; retired?: boolean | undefined },
): Promise<LedgerAccountView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await lockExistingAccount(tx, id);
      const retiring = input.retired === true && !account.isRetired;
      if (retiring) await assertCanRetire(tx, account);
      const code = input.code ?? account.code;
      const name = input.name ?? account.name;
      const isRetired = input.retired ?? account.isRetired;
      await queryRows(
        tx,
        sql`update ledger_accounts set code = ${code}, name = ${name},
              retired_at = case when ${isRetired}::boolean then coalesce(retired_at, ${deps.now().toISOString()}::timestamptz) else null end
            where id = ${account.id}::uuid`,
      );
      const after = { ...account, code, name, isRetired };
      await auditBooksSetting(tx, actor, 'books.account_changed', { type: 'ledger_account', id: account.id, label: accountLabel(after) }, accountValues(account), accountValues(after), deps.now());
      return readAccountView(tx, account.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_accounts_book_code_key') && input.code !== undefined) {
      throw new AppError('LEDGER_ACCOUNT_CODE_TAKEN', { field: 'code', message: ledgerAccountCodeTakenMessage(input.code) });
    }
    throw error;
  }
}

/** A retired account takes no new lines, so only one no rule, mapping or balance still needs may retire. */
async function assertCanRetire(tx: Transaction, account: LockedAccount): Promise<void> {
  if (account.subledger !== null) throw refuseRetirement(MESSAGES.ledgerAccountIsControl);
  if (account.isSystem) throw refuseRetirement(MESSAGES.ledgerAccountIsSystem);
  if (await isAccountMapped(tx, account.id)) throw refuseRetirement(MESSAGES.ledgerAccountMapped);
  const [row] = await queryRows<{ net: string | number }>(tx, sql`select coalesce(sum(net_kobo), 0) as net from ledger_day_balances where account_id = ${account.id}::uuid`);
  if (Number(row?.net ?? 0) !== 0) throw refuseRetirement(MESSAGES.ledgerAccountHasBalance);
}
