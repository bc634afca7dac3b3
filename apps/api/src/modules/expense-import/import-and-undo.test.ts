import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type ExpenseImportView, type ImportRowInput } from '@kobo/core';
import { categories, expenseImports, expenses } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addCategory } from '../expenses/expense-fixtures.ts';
import { csv, HEADER, importRows, review, upload, uploadedRows } from './import-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos; undo tests move it on.
let clock = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
let otherUser: SignedInClient;
let staff: SignedInClient;
let file = 0;

beforeAll(async () => {
  ctx = await createTestContext({}, () => clock);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
  otherUser = await ctx.signedIn('user');
  staff = await ctx.signedIn('staff');
  await addCategory(admin, 'Fuel');
});
afterAll(async () => ctx?.close());

/** Five rows, the second and fourth refused; descriptions unique per call so files never repeat each other. */
function fiveRows(): Buffer {
  file += 1;
  return csv([
    HEADER,
    ['20/11/2026', 'Fuel', '1,000', `Diesel ${file}a`, ''],
    ['31/02/2026', 'Fuel', '5', `Bad date ${file}`, ''],
    ['2026-11-21', 'Fuel', '250.50', `Diesel ${file}b`, 'Transfer'],
    ['2026-11-21', 'Fuel', 'abc', `Bad amount ${file}`, ''],
    ['2026-11-22', 'Fuel', '0', `Diesel ${file}c`, ''],
  ]);
}

const db = () => ctx.app.kobo.database.db;
const importedRows = (importId: string) => db().select().from(expenses).where(eq(expenses.importId, importId)).orderBy(expenses.spentOn);

describe('importing', () => {
  it('writes the ready rows in one go, as the caller, and nothing of the refused ones', async () => {
    const rows = await uploadedRows(user, fiveRows());
    const response = await importRows(user, rows, 3, { fileName: 'November.csv' });
    expect(response.statusCode, response.body).toBe(201);
    const { import: made, createdItems, message } = response.json() as { import: ExpenseImportView; createdItems: string[]; message: string };
    expect(message).toBe('Imported 3 expenses.');
    expect(createdItems).toEqual([]);
    expect(made).toMatchObject({ fileName: 'November.csv', rowCount: 3, importedById: user.userId, undoneAt: null, canUndo: true, undoUntil: '2026-11-24T09:00:00.000Z' });
    const written = await importedRows(made.id);
    expect(written.map((row) => [row.spentOn, row.amountKobo, row.description, row.paymentMethod, row.userId])).toEqual([
      ['2026-11-20', 100_000, `Diesel ${file}a`, 'Cash', user.userId],
      ['2026-11-21', 25_050, `Diesel ${file}b`, 'Transfer', user.userId],
      ['2026-11-22', 0, `Diesel ${file}c`, 'Cash', user.userId],
    ]);
    const audit = (await admin.get('/api/audit?kind=expense.imported')).json().entries;
    expect(audit[0]).toMatchObject({ target: { type: 'expense_import', id: made.id, label: 'November.csv' }, after: { rowCount: 3, refusedCount: 2, totalKobo: 125_050 } });
    // The same file again: every row is now a duplicate, so the import agreed to is refused whole.
    await expectNoRowsWritten(db(), async () => {
      const again = await importRows(user, rows, 3);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MESSAGES.importChanged);
    });
  });

  it('posts once for one Idempotency-Key, however often it is sent', async () => {
    const rows = await uploadedRows(user, fiveRows());
    const first = await importRows(user, rows, 3, { key: `import-${file}` });
    const second = await importRows(user, rows, 3, { key: `import-${file}` });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().import.id).toBe(first.json().import.id);
    expect(await importedRows(first.json().import.id)).toHaveLength(3);
  });

  it('creates the ticked items with the import, for an admin or manager only', async () => {
    const rows = await uploadedRows(manager, csv([HEADER, ['2026-11-20', 'Generator repairs', '90', 'Belt', ''], ['2026-11-20', 'Fuel', '91', 'Petrol', '']]));
    await expectNoRowsWritten(db(), async () => {
      const refused = await importRows(user, rows, 1, { createItems: ['Generator repairs'] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: MESSAGES.importCreateItemsForbidden });
    });
    const response = await importRows(manager, rows, 2, { createItems: ['generator REPAIRS'] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().createdItems).toEqual(['Generator repairs']);
    const [item] = await db().select().from(categories).where(eq(categories.name, 'Generator repairs'));
    expect(item).toMatchObject({ color: '#4ECDC4', icon: 'FaQuestion', createdBy: manager.userId });
    expect((await importedRows(response.json().import.id)).map((row) => row.categoryId)).toContain(item?.id);
  });

  it('writes nothing at all when the database refuses one row mid-import', async () => {
    // A constraint only this test has: the third row breaks it after the item and the import row were written.
    await db().execute(sql`alter table expenses add constraint test_no_boom check (description is distinct from 'boom')`);
    try {
      const rows = await uploadedRows(admin, csv([HEADER, ['2026-11-20', 'Brand new item', '1', 'fine', ''], ['2026-11-20', 'Fuel', '2', 'fine too', ''], ['2026-11-20', 'Fuel', '3', 'boom', '']]));
      expect((await review(admin, rows, ['Brand new item'])).readyCount).toBe(3);
      await expectNoRowsWritten(db(), async () => {
        const response = await importRows(admin, rows, 3, { createItems: ['Brand new item'], key: 'boom-1' });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      });
      expect(await db().select().from(categories).where(eq(categories.name, 'Brand new item'))).toEqual([]);
    } finally {
      await db().execute(sql`alter table expenses drop constraint test_no_boom`);
    }
  });

  it('refuses a staff member, and a draft with nothing ready', async () => {
    const bytes = csv([HEADER, ['2026-11-20', 'Fuel', '5', 'x', '']]);
    expect((await upload(staff, bytes)).statusCode).toBe(403);
    const rows: ImportRowInput[] = [{ line: 2, date: 'soon', item: 'Fuel', amount: '5' }];
    await expectNoRowsWritten(db(), async () => {
      expect((await importRows(user, rows, 0)).statusCode).toBe(400);
      expect((await importRows(user, rows, 1)).statusCode).toBe(409);
    });
  });
});

async function importAs(client: SignedInClient): Promise<ExpenseImportView> {
  const rows = await uploadedRows(client, fiveRows());
  const response = await importRows(client, rows, 3);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().import as ExpenseImportView;
}
const undo = (client: SignedInClient, id: string) => client.post(`/api/expense-imports/${id}/undo`);

describe('undoing an import', () => {
  it('removes its expenses and marks it undone, once, for whoever made it', async () => {
    const made = await importAs(user);
    clock = new Date('2026-11-24T08:59:59.000Z');
    const response = await undo(user, made.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ removed: 3, message: MESSAGES.importUndone, import: { id: made.id, undoneAt: '2026-11-24T08:59:59.000Z', canUndo: false, undoUntil: null } });
    expect(await importedRows(made.id)).toEqual([]);
    const again = await undo(user, made.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.importAlreadyUndone);
    const [row] = await db().select().from(expenseImports).where(eq(expenseImports.id, made.id));
    expect(row?.undoneAt?.toISOString()).toBe('2026-11-24T08:59:59.000Z');
    clock = new Date('2026-11-23T09:00:00.000Z');
  });

  it('is refused once a day has passed, and leaves the expenses', async () => {
    const made = await importAs(user);
    clock = new Date('2026-11-24T09:00:00.000Z');
    await expectNoRowsWritten(db(), async () => {
      const response = await undo(user, made.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(MESSAGES.importUndoExpired);
    });
    expect(await importedRows(made.id)).toHaveLength(3);
    const listed = (await user.get('/api/expense-imports')).json().imports as ExpenseImportView[];
    expect(listed.find((entry) => entry.id === made.id)).toMatchObject({ canUndo: false });
    clock = new Date('2026-11-23T09:00:00.000Z');
  });

  it("is someone else's import: not found for a user, forbidden for a manager, allowed for an admin", async () => {
    const made = await importAs(user);
    const notFound = await undo(otherUser, made.id);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(MESSAGES.importNotFound);
    const forbidden = await undo(manager, made.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(MESSAGES.importUndoForbidden);
    expect((await undo(admin, made.id)).statusCode).toBe(200);
    expect((await undo(admin, 'not-a-uuid')).statusCode).toBe(404);
  });

  it("lists one's own imports, and everyone's for an admin", async () => {
    const mine = (await otherUser.get('/api/expense-imports')).json().imports as ExpenseImportView[];
    expect(mine).toEqual([]);
    const all = (await admin.get('/api/expense-imports')).json().imports as ExpenseImportView[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((entry) => entry.importedByName))).toEqual(new Set(['Test user', 'Test manager']));
    expect(all.every((entry) => entry.importedById !== otherUser.userId)).toBe(true);
  });
});

describe('the template', () => {
  it('downloads an .xlsx with the headings, an example row and notes, which reads back ready', async () => {
    const response = await user.get('/api/expense-imports/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="kobo-expenses-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Expenses', 'Notes']);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, ...HEADER]);
    const rows = await uploadedRows(user, response.rawPayload, 'kobo-expenses-template.xlsx');
    // Dated today, on the first item by name.
    expect(rows).toEqual([{ line: 2, date: '2026-11-23', item: 'Fuel', amount: 1500, description: 'Example: replace this row', paymentMethod: 'Cash' }]);
    expect((await review(user, rows)).readyCount).toBe(1);
  });
});
