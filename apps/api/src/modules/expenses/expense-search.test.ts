import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type ExpensePage } from '@kobo/core';
import { expenses, users } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory } from './expense-fixtures.ts';
import { prepareExpenseViewExport } from './export-expense-view.ts';
import { cursorAfter, listPageQuery, searchCondition } from './expense-list-sql.ts';
import { EXPENSE_VIEW_COLUMNS, EXPENSE_VIEW_FROM, type ExpenseViewRow } from './expense-view.ts';
import { queryRows } from '../../db/client.ts';

// 11:00 in Lagos on Monday 23 November 2026.
const NOW = new Date('2026-11-23T10:00:00Z');
let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
let otherUser: SignedInClient;
let staff: SignedInClient;

/** Six expenses named by letter; their descriptions say which, so failures read plainly. */
beforeAll(async () => {
  ctx = await createTestContext({}, () => NOW);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
  otherUser = await ctx.signedIn('user');
  staff = await ctx.signedIn('staff');
  const db = ctx.app.kobo.database.db;
  await db.update(users).set({ name: 'Chidi Okafor' }).where(eq(users.id, user.userId));
  await db.update(users).set({ name: 'Amaka Eze' }).where(eq(users.id, otherUser.userId));
  await db.update(users).set({ name: 'Musa Bello' }).where(eq(users.id, manager.userId));
  const fuel = await insertCategory(db, 'Fuel');
  const stationery = await insertCategory(db, 'Stationery');
  const repairs = await insertCategory(db, 'Generator Repairs');
  const rows = [
    { letter: 'A', who: user, categoryId: fuel, amountKobo: 250_000, spentOn: '2026-11-20', at: '2026-11-20T09:00:00Z', text: 'A: Diesel for generator' },
    { letter: 'B', who: user, categoryId: stationery, amountKobo: 250_050, spentOn: '2026-11-22', at: '2026-11-21T09:00:00Z', text: 'B: Printer paper 100% recycled' },
    { letter: 'F', who: user, categoryId: fuel, amountKobo: 250_000, spentOn: '2026-11-21', at: '2026-11-21T12:00:00Z', text: 'F: Diesel top-up' },
    { letter: 'C', who: otherUser, categoryId: fuel, amountKobo: 99_900, spentOn: '2026-11-18', at: '2026-11-22T09:00:00Z', text: 'C: Petrol_run' },
    { letter: 'D', who: otherUser, categoryId: repairs, amountKobo: 500_000, spentOn: '2026-11-22', at: '2026-11-23T08:00:00Z', text: 'D: Fan belt' },
    { letter: 'E', who: manager, categoryId: stationery, amountKobo: 100, spentOn: '2026-11-23', at: '2026-11-23T09:00:00Z', text: 'E: Pens' },
  ];
  for (const row of rows) {
    const at = new Date(row.at);
    await db.insert(expenses).values({
      categoryId: row.categoryId,
      userId: row.who.userId,
      userEmail: row.who.email,
      amountKobo: row.amountKobo,
      spentOn: row.spentOn,
      description: row.text,
      createdAt: at,
      updatedAt: at,
    });
  }
});
afterAll(async () => ctx?.close());

/** The letters of a list answer, in order, following every page. */
async function letters(client: SignedInClient, query: string): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const response = await client.get(`/api/expenses?time=all&${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ExpensePage;
    found.push(...body.items.map((item) => (item.description ?? '').slice(0, 1)));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return found;
}

describe('search (q)', () => {
  it('finds the description, the item and the creator, newest entered first', async () => {
    expect(await letters(admin, 'q=generator')).toEqual(['D', 'A']);
    expect(await letters(admin, 'q=STATIONERY')).toEqual(['E', 'B']);
    expect(await letters(admin, 'q=okafor')).toEqual(['F', 'B', 'A']);
    expect(await letters(admin, `q=${encodeURIComponent(otherUser.email)}`)).toEqual(['D', 'C']);
    expect(await letters(admin, 'q=musa%20bello')).toEqual(['E']);
    expect(await letters(admin, 'q=nothing-like-this')).toEqual([]);
  });

  it('matches an amount exactly, however it is written', async () => {
    expect(await letters(admin, 'q=2500')).toEqual(['F', 'A']);
    expect(await letters(admin, `q=${encodeURIComponent('2,500')}`)).toEqual(['F', 'A']);
    expect(await letters(admin, `q=${encodeURIComponent('₦2,500.00')}`)).toEqual(['F', 'A']);
    expect(await letters(admin, 'q=2500.50')).toEqual(['B']);
    expect(await letters(admin, `q=${encodeURIComponent('₦999')}`)).toEqual(['C']);
  });

  it('takes % and _ literally, and a blank search as none', async () => {
    expect(await letters(admin, `q=${encodeURIComponent('100%')}`)).toEqual(['B']);
    expect(await letters(admin, 'q=_')).toEqual(['C']);
    expect(await letters(admin, 'q=%20%20')).toEqual(['E', 'D', 'C', 'F', 'B', 'A']);
  });

  it('sums and counts the whole matching set, and combines with the item and time filters', async () => {
    const found = (await admin.get('/api/expenses?time=all&q=diesel&limit=1')).json() as ExpensePage;
    expect({ count: found.count, totalKobo: found.totalKobo, shown: found.items.length }).toEqual({ count: 2, totalKobo: 500_000, shown: 1 });
    const categories = (await admin.get('/api/categories')).json().categories as { id: string; name: string }[];
    const fuel = categories.find((category) => category.name === 'Fuel')?.id;
    expect(await letters(admin, `q=e&category=${fuel}`)).toEqual(['C', 'F', 'A']);
    const today = (await admin.get('/api/expenses?time=today&q=pens')).json() as ExpensePage;
    expect(today.items.map((item) => item.description)).toEqual(['E: Pens']);
    expect((await admin.get('/api/expenses?time=today&q=diesel')).json().count).toBe(0);
  });

  it('keeps each role to what it may see', async () => {
    expect(await letters(manager, 'q=generator')).toEqual(['D', 'A']);
    expect(await letters(user, 'q=generator')).toEqual(['A']);
    expect(await letters(user, `q=${encodeURIComponent(otherUser.email)}`)).toEqual([]);
    expect(await letters(user, 'q=2500')).toEqual(['F', 'A']);
    expect(await letters(otherUser, 'q=diesel')).toEqual([]);
    expect((await staff.get('/api/expenses?q=diesel')).statusCode).toBe(403);
  });

  it('refuses a search it cannot store or that is too long, and changes nothing', async () => {
    const cases: [string, number, string][] = [
      ['q=diesel%00', 400, MESSAGES.unsupportedCharacters],
      [`q=${'a'.repeat(201)}`, 400, MESSAGES.searchTooLong],
    ];
    for (const [query, status, message] of cases) {
      const response = await admin.get(`/api/expenses?${query}`);
      expect([query, response.statusCode, response.json().message]).toEqual([query, status, message]);
    }
    // Half a surrogate pair cannot travel in a query string: its UTF-8 bytes are invalid and arrive
    // as U+FFFD, ordinary text that simply matches nothing.
    const halfPair = await admin.get('/api/expenses?time=all&q=%ED%A0%80');
    expect([halfPair.statusCode, halfPair.json().count]).toEqual([200, 0]);
    expect((await admin.get(`/api/expenses?time=all&q=${'a'.repeat(200)}`)).json().count).toBe(0);
    expect((await admin.get('/api/expenses?time=all')).json().count).toBe(6);
  });
});

describe('sort and paging', () => {
  const orders: [string, string[]][] = [
    ['', ['E', 'D', 'C', 'F', 'B', 'A']],
    ['sort=entered&dir=desc', ['E', 'D', 'C', 'F', 'B', 'A']],
    ['sort=entered&dir=asc', ['A', 'B', 'F', 'C', 'D', 'E']],
    ['sort=date', ['E', 'D', 'B', 'F', 'A', 'C']],
    ['sort=date&dir=asc', ['C', 'A', 'F', 'B', 'D', 'E']],
    ['sort=amount', ['D', 'B', 'F', 'A', 'C', 'E']],
    ['sort=amount&dir=asc', ['E', 'C', 'A', 'F', 'B', 'D']],
  ];
  for (const [query, expected] of orders) {
    it(`orders ${query || 'by default'} across pages of 3, 2 and 1`, async () => {
      for (const limit of [3, 2, 1]) expect(await letters(admin, `${query}&limit=${limit}`)).toEqual(expected);
    });
  }

  it('pages a search in another order', async () => {
    expect(await letters(admin, 'q=fuel&sort=amount&dir=asc&limit=1')).toEqual(['C', 'A', 'F']);
  });

  it('refuses an unknown order, and a cursor from another order or made up', async () => {
    expect((await admin.get('/api/expenses?sort=name')).statusCode).toBe(400);
    expect((await admin.get('/api/expenses?sort=amount&dir=up')).statusCode).toBe(400);
    const first = (await admin.get('/api/expenses?time=all&sort=amount&limit=2')).json() as ExpensePage;
    expect(first.nextCursor).not.toBeNull();
    for (const query of [`sort=date&cursor=${first.nextCursor}`, `sort=amount&dir=asc&cursor=${first.nextCursor}`, 'cursor=bm9wZQ', `cursor=${Buffer.from('["entered.desc","x","y"]').toString('base64url')}`]) {
      const response = await admin.get(`/api/expenses?time=all&${query}`);
      expect([query, response.statusCode]).toEqual([query, 400]);
    }
  });
});

/** The screen export's rows as [Category, Amount, Description]. */
async function exported(client: SignedInClient, query: string) {
  const response = await client.get(`/api/expenses/export?${query}`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Expenses');
  if (!sheet) throw new Error('no Expenses sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push([row.getCell(3).value, row.getCell(4).value, row.getCell(5).value]);
  });
  return { rows, header: sheet.getRow(1).values, response };
}

describe('export from the expenses screen', () => {
  it('writes exactly what the screen shows, in its order, with the Settings export’s columns', async () => {
    const { rows, header, response } = await exported(admin, 'time=all&q=generator&sort=amount&dir=asc');
    expect(header).toEqual([undefined, 'Date', 'Title', 'Category', 'Amount', 'Description', 'Payment Method', 'Created At']);
    expect(rows).toEqual([
      ['Fuel', 2500, 'A: Diesel for generator'],
      ['Generator Repairs', 5000, 'D: Fan belt'],
    ]);
    expect(response.headers['x-export-rows']).toBe('2');
    // Date is the calendar day; Created At the wall-clock time in Lagos (09:00 UTC is 10:00 there).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const first = workbook.getWorksheet('Expenses')?.getRow(2);
    expect([first?.getCell(1).value, first?.getCell(7).value]).toEqual([new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T10:00:00Z')]);
    expect(response.headers['content-disposition']).toBe('attachment; filename="expenses-2026-11-23.xlsx"');
  });

  it('gives managers everything they may see and users their own', async () => {
    expect((await exported(manager, 'time=all&q=diesel')).rows).toEqual([
      ['Fuel', 2500, 'F: Diesel top-up'],
      ['Fuel', 2500, 'A: Diesel for generator'],
    ]);
    expect((await exported(user, 'time=all')).rows).toEqual([
      ['Fuel', 2500, 'F: Diesel top-up'],
      ['Stationery', 2500.5, 'B: Printer paper 100% recycled'],
      ['Fuel', 2500, 'A: Diesel for generator'],
    ]);
    expect((await exported(otherUser, 'time=week&sort=date&dir=asc')).rows).toEqual([
      ['Fuel', 999, 'C: Petrol_run'],
      ['Generator Repairs', 5000, 'D: Fan belt'],
    ]);
    // The spec's default filter (Today) when the address says nothing, like the screen.
    expect((await exported(admin, '')).rows).toEqual([['Stationery', 1, 'E: Pens']]);
  });

  it('pages its batches of a search in the screen’s order (here 1 row a batch)', async () => {
    const db = ctx.app.kobo.database.db;
    const order = { sort: 'amount', dir: 'asc' } as const;
    const where = sql`${await searchCondition(db, 'diesel')}`;
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let batch = 0; batch < 5; batch++) {
      const rows = await queryRows<ExpenseViewRow>(db, listPageQuery(EXPENSE_VIEW_COLUMNS, EXPENSE_VIEW_FROM, where, order, 1, cursor, { isScreenPage: false, isSearch: true }));
      const last = rows.at(-1);
      if (!last) break;
      seen.push((last.description ?? '').slice(0, 1));
      cursor = cursorAfter(last, order);
    }
    expect(seen).toEqual(['A', 'F']);
  });

  it('refuses, before sending a byte, more rows than a sheet holds', async () => {
    const actor = (await admin.get('/api/auth/session')).json().user;
    const deps = { db: ctx.app.kobo.database.db, now: () => NOW, timeZone: 'Africa/Lagos' };
    const query = { category: null, time: 'all', q: 'diesel', sort: 'entered', dir: 'desc' } as const;
    await expect(prepareExpenseViewExport(deps, actor, query, 1)).rejects.toMatchObject({ code: 'EXPORT_TOO_LARGE', status: 422, message: MESSAGES.exportTooLarge });
    expect((await prepareExpenseViewExport(deps, actor, query, 2)).rowCount).toBe(2);
  });

  it('refuses what the list refuses, and staff', async () => {
    expect((await admin.get('/api/expenses/export?q=%00')).statusCode).toBe(400);
    expect((await admin.get(`/api/expenses/export?q=${'a'.repeat(201)}`)).json().message).toBe(MESSAGES.searchTooLong);
    expect((await admin.get('/api/expenses/export?sort=name')).statusCode).toBe(400);
    expect((await staff.get('/api/expenses/export')).statusCode).toBe(403);
  });
});
