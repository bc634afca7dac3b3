import { sql } from 'drizzle-orm';
import { isFixedMappingKey, LEDGER_MAPPING_KEYS, LEDGER_MAPPING_LABELS, mappingBook, paymentMethodOfKey, type LedgerMappingsView } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/**
 * GET /api/books/mappings: which account each posting rule uses, each expense item's expense
 * account, and each payment method's own account (any other method uses 'payment:default').
 */
export async function listLedgerMappings(db: Database | Transaction): Promise<LedgerMappingsView> {
  const rows = await queryRows<{ key: string; account_id: string }>(db, sql`select key, account_id from ledger_mappings order by key collate "C"`);
  const items = await queryRows<{ id: string; name: string; account_id: string }>(
    db,
    sql`select id, name, ledger_account_id as account_id from categories order by lower(name), id`,
  );
  const byKey = new Map(rows.map((row) => [row.key, row.account_id]));
  return {
    mappings: LEDGER_MAPPING_KEYS.flatMap((key) => {
      const accountId = byKey.get(key);
      return accountId ? [{ key, label: LEDGER_MAPPING_LABELS[key], book: mappingBook(key), accountId }] : [];
    }),
    categories: items.map((item) => ({ id: item.id, name: item.name, accountId: item.account_id })),
    paymentMethods: rows.flatMap((row) => {
      const method = isFixedMappingKey(row.key) ? null : paymentMethodOfKey(row.key);
      return method === null ? [] : [{ method, accountId: row.account_id }];
    }),
  };
}
