import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { AppError, MESSAGES } from '@kobo/core';
import { expenses } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';
import { rawCell } from '../../spreadsheet/xlsx-test-support.ts';
import { prepareExport } from './prepare-export.ts';

const NOW = new Date('2026-03-31T23:30:00Z'); // 1 April in Lagos
let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
let otherUser: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext({}, () => NOW);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
  otherUser = await ctx.signedIn('user');
  const db = ctx.app.kobo.database.db;
  const fuel = await insertCategory(db, 'Fuel');
  await insertExpense(db, {
    categoryId: fuel,
    userId: user.userId,
    amountKobo: 125_050,
    spentOn: '2026-03-31',
    createdAt: new Date('2026-03-31T08:15:00Z'),
    title: 'Generator',
    description: '=HYPERLINK("http://x","y")',
    paymentMethod: '',
  });
  await insertExpense(db, { categoryId: fuel, userId: otherUser.userId, amountKobo: 99, spentOn: '2026-03-30', title: '+2348012345678', paymentMethod: 'Transfer' });
  // An expense whose category is gone (imported data): triggers off for this one insert only, so
  // the item-and-day totals its trigger would have kept are written alongside, as a restore brings them.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.insert(expenses).values({ categoryId: '00000000-0000-4000-8000-00000000dead', userId: otherUser.userId, amountKobo: 500, spentOn: '2026-03-29' });
    await tx.execute(sql`insert into expense_day_totals (category_id, day, slot, amount_kobo, expense_count)
      values ('00000000-0000-4000-8000-00000000dead', '2026-03-29', 0, 500, 1)`);
  });
});
afterAll(async () => ctx?.close());

async function download(client: SignedInClient, query = '') {
  const response = await client.get(`/api/export/expenses${query}`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { response, workbook };
}

function rowsOf(sheet: ExcelJS.Worksheet) {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(row);
  });
  return rows;
}

describe('Export to Excel', () => {
  it('names the file expenses-YYYY-MM-DD.xlsx with today in APP_TIMEZONE, and the sheet Expenses', async () => {
    const { response, workbook } = await download(admin);
    expect(response.headers['content-disposition']).toBe('attachment; filename="expenses-2026-04-01.xlsx"');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Expenses']);
  });

  it('has the spec’s headers and column widths', async () => {
    const sheet = (await download(admin)).workbook.getWorksheet('Expenses');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Title', 'Category', 'Amount', 'Description', 'Payment Method', 'Created At']);
    expect(sheet.columns.map((column) => column.width)).toEqual([15, 30, 20, 15, 40, 15, 15]);
  });

  it('writes amounts as numbers in naira format, dates as dates, Other and Cash as defaults', async () => {
    const sheet = (await download(admin)).workbook.getWorksheet('Expenses');
    if (!sheet) throw new Error('no sheet');
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(3);
    const first = rows.find((row) => row.getCell(4).value === 1250.5);
    if (!first) throw new Error('no row');
    const amount = first.getCell(4);
    expect(rows.map((row) => row.getCell(4).type)).toEqual([ExcelJS.ValueType.Number, ExcelJS.ValueType.Number, ExcelJS.ValueType.Number]);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(1250.5);
    expect(amount.numFmt).toBe('"₦"#,##0.00;[Red]-"₦"#,##0.00');
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(1).value).toEqual(new Date('2026-03-31T00:00:00Z'));
    // 08:15 UTC is 09:15 in Lagos: the sheet shows the organisation's wall-clock time.
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(7).value).toEqual(new Date('2026-03-31T09:15:00Z'));
    expect(first.getCell(3).value).toBe('Fuel');
    expect(first.getCell(6).value).toBe('Cash');
    const orphan = rows.find((row) => row.getCell(4).value === 5);
    expect(orphan?.getCell(3).value).toBe('Other');
    expect(orphan?.getCell(6).value).toBe('Cash');
  });

  it('writes typed text exactly as typed, marked as text, never as a formula', async () => {
    const { response, workbook } = await download(admin);
    const sheet = workbook.getWorksheet('Expenses');
    if (!sheet) throw new Error('no sheet');
    const cells = rowsOf(sheet).flatMap((row) => [row.getCell(2), row.getCell(3), row.getCell(5), row.getCell(6)]);
    const hyperlink = cells.find((cell) => String(cell.value).includes('HYPERLINK'));
    const phone = cells.find((cell) => String(cell.value).includes('234801'));
    if (!hyperlink || !phone) throw new Error('typed cells not found');
    expect(hyperlink.value).toBe('=HYPERLINK("http://x","y")');
    expect(phone.value).toBe('+2348012345678');
    for (const cell of [hyperlink, phone]) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
    // Every title, category, description and payment method cell is in the Text format.
    expect(cells.every((cell) => cell.numFmt === '@')).toBe(true);

    const raw = await rawCell(response.rawPayload, 1, hyperlink.address);
    expect(raw.cell).toContain(' t="str"><v>=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)</v></c>');
    expect(raw.cell).not.toContain('<f>');
    expect(raw.xf).toContain('numFmtId="49"');
    expect(raw.xf).toContain('applyNumberFormat="1"');
  });

  it('gives a user only their own rows, and managers everyone’s', async () => {
    const mine = rowsOf((await download(user)).workbook.getWorksheet('Expenses') as ExcelJS.Worksheet);
    expect(mine.map((row) => row.getCell(4).value)).toEqual([1250.5]);
    const all = rowsOf((await download(manager)).workbook.getWorksheet('Expenses') as ExcelJS.Worksheet);
    expect(all).toHaveLength(3);
  });

  it('can be limited to a date range', async () => {
    const sheet = (await download(admin, '?from=2026-03-30&to=2026-03-31')).workbook.getWorksheet('Expenses');
    expect(rowsOf(sheet as ExcelJS.Worksheet)).toHaveLength(2);
    expect((await admin.get('/api/export/expenses?from=2026-03-30')).json().message).toBe(MESSAGES.selectBothDates);
  });

  it('refuses, before sending a byte, more rows than a sheet holds', async () => {
    const actor = (await admin.get('/api/auth/session')).json().user;
    const deps = { db: ctx.app.kobo.database.db, now: () => NOW, timeZone: 'Africa/Lagos' };
    await expect(prepareExport(deps, actor, null, 2)).rejects.toThrow(AppError);
    await expect(prepareExport(deps, actor, null, 2)).rejects.toMatchObject({ code: 'EXPORT_TOO_LARGE', status: 422, message: MESSAGES.exportTooLarge });
    expect((await prepareExport(deps, actor, null, 3)).rowCount).toBe(3);
  });

  it('is refused to staff', async () => {
    const staff = await ctx.signedIn('staff');
    expect((await staff.get('/api/export/expenses')).statusCode).toBe(403);
  });
});
