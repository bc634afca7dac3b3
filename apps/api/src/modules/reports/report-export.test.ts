import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MESSAGES, type ReportSummary } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';

// 10 April 2026 in Lagos.
const NOW = new Date('2026-04-10T10:00:00Z');
let ctx: TestContext;
let admin: SignedInClient;
let fuel: string;
let food: string;
let water: string;
beforeAll(async () => {
  ctx = await createTestContext({ APP_TIMEZONE: 'Africa/Lagos' }, () => NOW);
  admin = await ctx.signedIn('admin');
  const user = await ctx.signedIn('user');
  const db = ctx.app.kobo.database.db;
  fuel = await insertCategory(db, 'Fuel');
  food = await insertCategory(db, 'Food');
  water = await insertCategory(db, 'Water');
  const rows = [
    [fuel, 60_000, '2026-03-31', 'Diesel', new Date('2026-03-31T09:00:00Z')],
    [food, 20_000, '2026-03-26', null, new Date('2026-03-26T09:00:00Z')],
    [food, 5_000, '2026-03-01', '=HYPERLINK("http://x","y")', new Date('2026-03-01T09:00:00Z')],
    [fuel, 1_000, '2026-02-28', 'outside the range', new Date('2026-02-28T09:00:00Z')],
    [fuel, 2_000, '2026-04-01', 'outside the range', new Date('2026-04-01T09:00:00Z')],
  ] as const;
  for (const [categoryId, amountKobo, spentOn, description, createdAt] of rows) {
    await insertExpense(db, { categoryId, userId: user.userId, amountKobo, spentOn, createdAt, ...(description ? { description } : {}) });
  }
  await admin.request('PUT', `/api/budgets/${fuel}`, { period: 'month', amount: '500' });
  await admin.request('PUT', `/api/budgets/${water}`, { period: 'month', amount: '100' });
  await admin.request('PUT', `/api/budgets/${food}`, { period: 'year', amount: '1,000' });
});
afterAll(async () => ctx?.close());

describe('budget beside actual in the report', () => {
  it('shows a monthly budget for a range of whole months, times the months', async () => {
    const report = (await admin.get('/api/reports?from=2026-03-01&to=2026-03-31')).json() as ReportSummary;
    expect(report.budgets.map((budget) => [budget.name, budget.period, budget.periods, budget.budgetKobo, budget.actualKobo, budget.percent])).toEqual([
      ['Fuel', 'month', 1, 50_000, 60_000, 120],
      ['Water', 'month', 1, 10_000, 0, 0],
    ]);
    const quarter = (await admin.get('/api/reports?from=2026-01-01&to=2026-03-31')).json() as ReportSummary;
    expect(quarter.budgets.map((budget) => [budget.name, budget.periods, budget.budgetKobo])).toEqual([
      ['Fuel', 3, 150_000],
      ['Water', 3, 30_000],
    ]);
  });

  it('counts the month and the year in progress when the range runs from their start to today', async () => {
    const thisMonth = (await admin.get('/api/reports?from=2026-04-01&to=2026-04-10')).json() as ReportSummary;
    expect(thisMonth.budgets.map((budget) => [budget.name, budget.periods, budget.actualKobo])).toEqual([
      ['Fuel', 1, 2_000],
      ['Water', 1, 0],
    ]);
    const yearToDate = (await admin.get('/api/reports?from=2026-01-01&to=2026-04-10')).json() as ReportSummary;
    expect(yearToDate.budgets.map((budget) => [budget.name, budget.period, budget.periods, budget.budgetKobo])).toEqual([
      ['Food', 'year', 1, 100_000],
      ['Fuel', 'month', 4, 200_000],
      ['Water', 'month', 4, 40_000],
    ]);
  });

  it('shows no budget for a range that cuts its periods', async () => {
    const report = (await admin.get('/api/reports?from=2026-03-02&to=2026-03-31')).json() as ReportSummary;
    expect(report.budgets).toEqual([]);
  });

  it('leaves out a budget that centuries would make too big to count exactly', async () => {
    const db = ctx.app.kobo.database.db;
    const huge = await insertCategory(db, 'Huge');
    await admin.request('PUT', `/api/budgets/${huge}`, { period: 'month', amount: '1000000000000' });
    try {
      const response = await admin.get('/api/reports?from=1900-01-01&to=2999-12-31');
      expect(response.statusCode).toBe(200);
      expect((response.json() as ReportSummary).budgets.map((budget) => [budget.name, budget.periods])).toEqual([
        ['Food', 1100],
        ['Fuel', 13_200],
        ['Water', 13_200],
      ]);
    } finally {
      await admin.request('DELETE', `/api/budgets/${huge}`);
    }
  });
});

async function download(query: string) {
  const response = await admin.get(`/api/reports/export${query}`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { response, workbook };
}

function cellValues(sheet: ExcelJS.Worksheet | undefined) {
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}


describe('the report as .xlsx', () => {
  it('has a Summary sheet with the totals, the breakdown with percentages and budgets, and a Detail sheet', async () => {
    const { response, workbook } = await download('?from=2026-03-01&to=2026-03-31');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-2026-03-01-to-2026-03-31.xlsx"');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Detail']);
    expect(cellValues(workbook.getWorksheet('Summary'))).toEqual([
      ['Report', '2026-03-01 to 2026-03-31'],
      ['Total Expenses', 850],
      // 85,000 kobo over 31 days = 2,741.94 kobo → 2,742 kobo.
      ['Average Daily Expenses', 27.42],
      ['Days', 31],
      ['Expenses', 3],
      [],
      ['Item', 'Amount', 'Percent', 'Budget', 'Of budget'],
      ['Fuel', 600, 70.6, 500, 120],
      ['Food', 250, 29.4],
      ['Water', 0, 0, 100, 0],
      ['Total', 850, 100],
    ]);
    const detail = cellValues(workbook.getWorksheet('Detail'));
    expect(detail[0]).toEqual(['Date', 'Item', 'Amount', 'Description', 'Created by']);
    expect(detail.slice(1).map((row) => [(row[0] as Date).toISOString().slice(0, 10), row[1], row[2], row[3]])).toEqual([
      ['2026-03-31', 'Fuel', 600, 'Diesel'],
      // No description: an empty cell.
      ['2026-03-26', 'Food', 200, undefined],
      // Typed text stays text: a formula someone typed never runs.
      ['2026-03-01', 'Food', 50, '=HYPERLINK("http://x","y")'],
    ]);
    expect(detail.slice(1).every((row) => typeof row[4] === 'string' && row[4].length > 0)).toBe(true);
  });

  it('writes every row of a range longer than one batch, newest day first', async () => {
    const db = ctx.app.kobo.database.db;
    const bulk = await insertCategory(db, 'Bulk');
    const tuples: string[] = [];
    for (let index = 0; index < 5_050; index += 1) tuples.push(`('${bulk}', 1, '2025-06-${String((index % 28) + 1).padStart(2, '0')}')`);
    await ctx.app.kobo.database.db.execute(`insert into expenses (category_id, amount_kobo, spent_on) values ${tuples.join(',')}`);
    const { workbook } = await download('?from=2025-06-01&to=2025-06-30');
    expect((workbook.getWorksheet('Detail')?.rowCount ?? 0) - 1).toBe(tuples.length);
  });

  it.each([
    ['no dates', '', MESSAGES.selectBothDates],
    ['an end before the start', '?from=2026-03-02&to=2026-03-01', MESSAGES.endBeforeStart],
    ['year 0', '?from=0000-01-01&to=2026-03-01', MESSAGES.invalidDate],
    ['a NUL byte', '?from=2026-03-01%00&to=2026-03-02', MESSAGES.unsupportedCharacters],
    // UTF-8 cannot carry a lone surrogate: its encoding decodes to U+FFFD, not a date.
    ['an encoded lone surrogate', '?from=%ED%A0%80&to=2026-03-02', MESSAGES.invalidDate],
    ['a huge value', `?from=${'9'.repeat(5000)}&to=2026-03-02`, MESSAGES.invalidDate],
  ])('refuses %s with a 400 before a byte of the file', async (_label, query, message) => {
    const response = await admin.get(`/api/reports/export${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toBe(message);
  });

  it('is the admin’s, like the report', async () => {
    const manager = await ctx.signedIn('manager');
    const user = await ctx.signedIn('user');
    expect((await manager.get('/api/reports/export?from=2026-03-01&to=2026-03-31')).statusCode).toBe(403);
    expect((await user.get('/api/reports/export?from=2026-03-01&to=2026-03-31')).statusCode).toBe(403);
  });
});
