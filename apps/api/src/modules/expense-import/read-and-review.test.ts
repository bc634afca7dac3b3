import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addCategory, insertExpense } from '../expenses/expense-fixtures.ts';
import { threeMillionRowBomb } from '../../spreadsheet/hand-built-xlsx.ts';
import { csv, HEADER, review, upload, uploadedRows, xlsx } from './import-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
let user: SignedInClient;
let otherUser: SignedInClient;
let fuel: string;

beforeAll(async () => {
  ctx = await createTestContext({}, () => NOW);
  admin = await ctx.signedIn('admin');
  user = await ctx.signedIn('user');
  otherUser = await ctx.signedIn('user');
  fuel = await addCategory(admin, 'Fuel');
  await addCategory(admin, 'Stationery');
});
afterAll(async () => ctx?.close());

describe('reading the file', () => {
  it('reads a CSV with loosely written headings in any order, cells as written', async () => {
    const bytes = csv([
      ['AMOUNT', ' item ', 'payment_method', 'DATE', 'Description'],
      ['1,250.50', 'Fuel', '', '20/11/2026', 'Generator diesel'],
      [],
      ['300', 'stationery', 'Transfer', '2026-11-21', ''],
    ]);
    const response = await upload(user, bytes, 'November.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      fileName: 'November.csv',
      rows: [
        { line: 2, date: '20/11/2026', item: 'Fuel', amount: '1,250.50', description: 'Generator diesel', paymentMethod: null },
        { line: 4, date: '2026-11-21', item: 'stationery', amount: '300', description: null, paymentMethod: 'Transfer' },
      ],
    });
  });

  it('reads an .xlsx whose dates are real date cells and amounts numbers', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.addRow(HEADER);
      sheet.addRow([new Date('2026-11-19T00:00:00Z'), 'Fuel', 4500.5, 'Diesel', 'Cash']);
      sheet.addRow([46_345, 'Fuel', 10, 'Serial date', null]);
    });
    const rows = await uploadedRows(user, bytes, 'book.xlsx');
    expect(rows).toEqual([
      { line: 2, date: '2026-11-19', item: 'Fuel', amount: 4500.5, description: 'Diesel', paymentMethod: 'Cash' },
      { line: 3, date: 46_345, item: 'Fuel', amount: 10, description: 'Serial date', paymentMethod: null },
    ]);
    // 46,345 days after Excel's day 0 (30 Dec 1899) is 19 Nov 2026.
    expect((await review(user, rows)).rows.map((row) => row.spentOn)).toEqual(['2026-11-19', '2026-11-19']);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 422, MESSAGES.fileEmpty],
    ['a PNG named .csv', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 422, MESSAGES.fileNotSpreadsheet],
    ['a zip that is no workbook', Buffer.from('504b0304deadbeef', 'hex'), 422, MESSAGES.fileNotSpreadsheet],
    ['no Item heading', csv([['Date', 'Amount'], ['2026-11-20', '5']]), 422, MESSAGES.importNoHeader],
    ['a header and nothing under it', csv([HEADER]), 422, MESSAGES.fileEmpty],
    ['more than 20,000 rows', csv([HEADER, ...Array.from({ length: 20_001 }, () => ['2026-11-20', 'Fuel', '5', 'x', ''])]), 422, MESSAGES.importTooManyRows],
    ['a file over 5 MB', Buffer.alloc(5 * 1024 * 1024 + 1, 0x41), 413, MESSAGES.importFileTooLarge],
  ])('refuses %s with its own sentence', async (_name, bytes, status, message) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await upload(user, bytes);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ message, field: 'file' });
    });
  });

  it('refuses a sheet claiming a million rows before reading them', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.addRow(HEADER);
      sheet.getCell('A1000000').value = '2026-11-20';
    });
    const response = await upload(user, bytes, 'huge.xlsx');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(MESSAGES.importTooManyRows);
  });

  it('refuses the workbook of three million rows in a few hundred KB, from its size once opened, and writes nothing (issue 26)', async () => {
    const bomb = await threeMillionRowBomb();
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await upload(user, bomb, 'bomb.xlsx');
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'FILE_TOO_LARGE', message: MESSAGES.fileExpandsTooMuch, field: 'file' });
    });
    expect((await user.get('/api/expense-imports')).json()).toMatchObject({ imports: [] });
  });

  it('refuses a body past what the route takes (three times the 5 MB file) at the door', async () => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await upload(user, Buffer.alloc(16 * 1024 * 1024, 0x41));
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('refuses formulas, but keeps text that only looks like one', async () => {
    const formula = await xlsx((sheet) => {
      sheet.addRow(HEADER);
      sheet.addRow(['2026-11-20', 'Fuel', { formula: '2+2', result: 4 }, 'x', '']);
    });
    expect((await upload(user, formula, 'f.xlsx')).json().message).toBe(MESSAGES.fileHasFormulas);
    const rows = await uploadedRows(user, csv([HEADER, ['2026-11-20', 'Fuel', '5', '=HYPERLINK("http://evil.example","click")', '']]));
    expect(rows[0]?.description).toBe('=HYPERLINK("http://evil.example","click")');
    expect((await review(user, rows)).rows[0]).toMatchObject({ isReady: true, description: '=HYPERLINK("http://evil.example","click")' });
  });

  it('refuses characters Kobo cannot store, naming the line', async () => {
    const surrogate = await xlsx((sheet) => {
      sheet.addRow(HEADER);
      sheet.addRow(['2026-11-20', 'Fuel', '5', 'ok', '']);
      // Excel's escape for a character XML cannot hold: read back as a lone surrogate, then a NUL.
      sheet.addRow(['2026-11-20', 'Fuel', '5', 'bad _xD800_ half', '']);
    });
    const response = await upload(user, surrogate, 's.xlsx');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`${MESSAGES.importUnsupportedCharacters} 3.`);
    const nulCell = await xlsx((sheet) => {
      sheet.addRow(HEADER);
      sheet.addRow(['2026-11-20', 'Fuel_x0000_', '5', 'ok', '']);
    });
    expect((await upload(user, nulCell, 'n.xlsx')).json().message).toBe(`${MESSAGES.importUnsupportedCharacters} 2.`);
    // NUL in a CSV means a binary file.
    expect((await upload(user, csv([HEADER, ['2026-11-20', 'Fuel', '5', 'a\u0000b', '']]))).json().message).toBe(MESSAGES.fileNotSpreadsheet);
  });
});

describe('reviewing the rows', () => {
  it('says why each refused row is refused, in the order the checks run, and writes nothing', async () => {
    await insertExpense(ctx.app.kobo.database.db, { categoryId: fuel, userId: user.userId, amountKobo: 50_000, spentOn: '2026-11-10', description: 'Already here' });
    const rows = await uploadedRows(
      user,
      csv([
        HEADER,
        ['2026-11-20', 'Fuel', '1,000.00', 'Good row', ''],
        ['', 'Fuel', '5', 'No date', ''],
        ['31/02/2026', 'Fuel', '5', 'No such day', ''],
        ['0000-01-01', 'Fuel', '5', 'Year 0', ''],
        ['24/11/2026', 'Fuel', '5', 'Tomorrow', ''],
        ['11/20/2026', 'Fuel', '5', 'Month first', ''],
        ['2026-11-20', '', '5', 'No item', ''],
        ['2026-11-20', 'Generator repairs', '5', 'Unknown item', ''],
        ['2026-11-20', 'x'.repeat(61), '5', 'Long item', ''],
        ['2026-11-20', 'Fuel', '', 'No amount', ''],
        ['2026-11-20', 'Fuel', '-5', 'Negative', ''],
        ['2026-11-20', 'Fuel', '1.234', 'Three decimals', ''],
        ['2026-11-20', 'Fuel', '1000000000000.01', 'Too large', ''],
        ['2026-11-20', 'Fuel', '5', 'd'.repeat(100_000), ''],
        ['2026-11-20', 'Fuel', '5', 'Long method', 'p'.repeat(41)],
        ['10/11/2026', 'fuel', '500', 'Already here', ''],
        ['2026-11-20', 'Fuel', '1000', 'Good row', 'POS'],
      ]),
    );
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const reviewed = await review(user, rows);
      expect(reviewed.rows.map((row) => [row.line, row.isReady, row.field, row.problem])).toEqual([
        [2, true, null, null],
        [3, false, 'date', MESSAGES.importDateRequired],
        [4, false, 'date', MESSAGES.importBadDate],
        [5, false, 'date', MESSAGES.importBadDate],
        [6, false, 'date', MESSAGES.importDateInFuture],
        [7, false, 'date', MESSAGES.importBadDate],
        [8, false, 'item', MESSAGES.importItemRequired],
        [9, false, 'item', MESSAGES.importUnknownItem],
        [10, false, 'item', MESSAGES.itemNameTooLong],
        [11, false, 'amount', MESSAGES.importAmountRequired],
        [12, false, 'amount', MESSAGES.invalidExpenseAmount],
        [13, false, 'amount', MESSAGES.invalidExpenseAmount],
        [14, false, 'amount', MESSAGES.expenseAmountTooLarge],
        [15, false, 'description', MESSAGES.descriptionTooLong],
        [16, false, 'paymentMethod', MESSAGES.paymentMethodTooLong],
        [17, false, 'row', MESSAGES.importDuplicateExisting],
        [18, false, 'row', 'Same date, amount and description as line 2 of this file'],
      ]);
      expect(reviewed).toMatchObject({ readyCount: 1, refusedCount: 16, readyKobo: 100_000, unknownItems: ['Generator repairs'], canCreateItems: false });
      expect(reviewed.rows[0]).toMatchObject({ spentOn: '2026-11-20', categoryId: fuel, amountKobo: 100_000, description: 'Good row', paymentMethod: 'Cash' });
    });
  });

  it("judges duplicates only against expenses the caller can see: another user's are not theirs", async () => {
    const rows = await uploadedRows(otherUser, csv([HEADER, ['2026-11-10', 'Fuel', '500', 'Already here', '']]));
    expect((await review(otherUser, rows)).rows[0]).toMatchObject({ isReady: true });
    // An admin sees everyone's: the same row is a duplicate of the user's expense.
    expect((await review(admin, rows)).rows[0]).toMatchObject({ isReady: false, problem: MESSAGES.importDuplicateExisting });
  });

  it('makes a ticked unknown item ready, for those who may create items', async () => {
    const rows = await uploadedRows(admin, csv([HEADER, ['2026-11-20', 'Generator repairs', '5', 'Belt', ''], ['2026-11-20', 'generator REPAIRS', '6', 'Oil', '']]));
    const reviewed = await review(admin, rows, ['Generator Repairs']);
    expect(reviewed).toMatchObject({ readyCount: 2, unknownItems: ['Generator repairs'], canCreateItems: true });
    expect(reviewed.rows[0]).toMatchObject({ isReady: true, isNewItem: true, categoryId: null });
    // A user cannot create items: ticking changes nothing in their review.
    expect((await review(user, rows, ['Generator repairs'])).readyCount).toBe(0);
  });

  it('refuses a draft that is not one (400), and text Kobo cannot store at the door', async () => {
    for (const body of [{}, { fileName: 'x', rows: [] }, { fileName: 'x', rows: [{ line: 1, date: '', item: '', amount: '' }] }]) {
      expect((await user.post('/api/expense-imports/review', body)).statusCode).toBe(400);
    }
    const nul = await user.post('/api/expense-imports/review', { fileName: 'x', rows: [{ line: 2, date: '2026-11-20', item: 'Fuel\u0000', amount: '5' }] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(MESSAGES.unsupportedCharacters);
  });
});
