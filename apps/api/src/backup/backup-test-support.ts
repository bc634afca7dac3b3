import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../db/client.ts';
import { addCategory } from '../modules/expenses/expense-fixtures.ts';
import { solidImage, upload } from '../modules/receipts/receipt-test-support.ts';
import { addStaff, deposit, post, reverse, transfer } from '../modules/savings/savings-test-support.ts';
import { withAdminClient } from '../test/admin-client.ts';
import type { SignedInClient } from '../test/test-app.ts';

/**
 * Real data through the API, as people would make it: two members' savings (deposits, a
 * withdrawal, a transfer, a reversal, a payroll batch), an expense, and a loan disbursed and
 * partly repaid. Run with the clock on 15 November 2026.
 */
export async function seedThroughApi(admin: SignedInClient): Promise<void> {
  const ada = await addStaff(admin, { name: 'Ada Backup' });
  const bola = await addStaff(admin, { name: 'Bola Backup' });
  await deposit(admin, ada.userId, '100,000');
  await deposit(admin, bola.userId, '50,000.25');
  const keyedTwice = (await deposit(admin, bola.userId, '700')).transaction.id as string;
  expect((await reverse(admin, keyedTwice, { reason: 'Keyed twice' })).statusCode).toBe(201);
  expect((await post(admin, { userId: ada.userId, type: 'withdrawal', amount: '2,500.50' })).statusCode).toBe(201);
  expect((await transfer(admin, { fromUserId: ada.userId, toUserId: bola.userId, amount: '1,000' })).statusCode).toBe(201);
  const batch = await admin.post('/api/savings/batches', {
    month: '2026-10',
    rows: [
      { ref: ada.staffId, amount: '5,000', type: 'deposit' },
      { ref: bola.staffId, amount: '5,000', type: 'deposit' },
    ],
  });
  expect(batch.statusCode, batch.body).toBe(201);

  const categoryId = await addCategory(admin, 'Backup stationery', { color: '#FF6B6B', icon: 'FaUtensils' });
  // With a receipt (issue 14): its bytes and thumbnail are bytea, which a backup must carry exactly.
  const receipt = await upload(admin, 'ink receipt.png', await solidImage('png', 40, 30));
  expect(receipt.statusCode, receipt.body).toBe(201);
  const receiptIds = [receipt.json().receipt.id as string];
  const expense = await admin.post('/api/expenses', { categoryId, amount: '1,250.50', description: 'Printer ink “quoted”', date: '2026-11-14', receiptIds });
  expect(expense.statusCode, expense.body).toBe(201);

  const product = await admin.post('/api/loan-products', {
    name: 'Backup Flat Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'fixed',
    feeValue: '1,000',
  });
  expect(product.statusCode, product.body).toBe(201);
  const applied = await admin.post('/api/loans', { productId: product.json().product.id, amount: '120,000', months: '12', purpose: 'School fees', userId: ada.userId });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId = applied.json().loan.id as string;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  expect((await admin.post(`/api/loans/${loanId}/repayments`, { amount: '12,200' })).statusCode).toBe(201);
}

/**
 * Every row of every table in schema public, as to_jsonb text (a different rendering from the
 * backup's own ::text casts), sorted: two databases hold the same data exactly when these are equal.
 */
export async function tableContents(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await queryRows<{ name: string }>(tx, sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const contents: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await queryRows<{ row: string }>(tx, sql.raw(`select to_jsonb(t)::text as row from "${name}" t order by 1`));
      contents[name] = rows.map(({ row }) => row);
    }
    return contents;
  });
}

/** A database with nothing in it, not even Kobo's schema: PGlite in memory, or a new database on TEST_DATABASE_URL. */
export async function openEmptyDatabase(kind: 'pglite' | 'postgres'): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { handle, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('an empty PostgreSQL database needs TEST_DATABASE_URL');
  const name = `kobo_restore_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    handle,
    drop: async () => {
      await handle.close().catch(() => {});
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
