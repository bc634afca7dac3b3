import { sql } from 'drizzle-orm';
import { AppError, isFixedMappingKey, type LedgerMappingsView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import type { BookDeps } from './book-views.ts';
import { auditBooksSetting } from './chart-support.ts';
import { listLedgerMappings } from './list-ledger-mappings.ts';
import { resolveMappingKey } from './set-ledger-mapping.ts';

/**
 * DELETE /api/books/mappings/payment:<method>: the method's expenses post to 'payment:default'
 * from now on. The fixed mappings (the default included) can only be pointed elsewhere.
 */
export async function deleteLedgerMapping(deps: Pick<BookDeps, 'db' | 'now'>, actor: Actor, rawKey: string): Promise<LedgerMappingsView> {
  const key = resolveMappingKey(rawKey);
  if (isFixedMappingKey(key)) throw new AppError('LEDGER_MAPPING_FIXED');
  return deps.db.transaction(async (tx) => {
    const [removed] = await queryRows<{ account_id: string }>(tx, sql`delete from ledger_mappings where key = ${key} returning account_id`);
    if (!removed) throw new AppError('LEDGER_MAPPING_NOT_FOUND');
    await auditBooksSetting(tx, actor, 'books.mapping_removed', { type: 'ledger_mapping', id: key, label: `Payment method: ${key.slice('payment:'.length)}` }, { accountId: removed.account_id }, null, deps.now());
    return listLedgerMappings(tx);
  });
}
