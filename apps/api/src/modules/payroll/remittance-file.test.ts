import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrearsKey, contributionKey, MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { threeMillionRowBomb } from '../../spreadsheet/hand-built-xlsx.ts';
import { newProduct } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';
import { issuedAdvice, match, ORDINARY, uploadRemittance } from './remittance-test-support.ts';

/**
 * Issue 30: payroll's remittance read from its file in a layout (decision 047), and the layout's
 * round trip: the issued advice downloaded in the generic layout and in named CSV layouts, uploaded
 * back unchanged and matched, every member paid in full with the same figures.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => new Date('2026-11-23T09:00:00.000Z'));
const db = () => ctx.app.kobo.database.db as Database;

let christmas = '';
let xmas = '';
let ada: { userId: string; staffId: string; name: string };
let bayo: { userId: string; staffId: string; name: string };
const MONTH = '2026-10';

async function member(name: string) {
  const staff = await addStaff(admin, { name });
  return { userId: staff.userId, staffId: staff.staffId as string, name };
}

beforeAll(async () => {
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210' });
  xmas = contributionKey(christmas);
  ada = await member('Ada File');
  bayo = await member('Bayo File');
  await issuedAdvice(db(), admin.userId, MONTH, '2026-10-30', [
    { ...ada, deductions: { loan: 1_120_000, [arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID)]: 120_000, [ORDINARY]: 500_000, [xmas]: 200_000 } },
    { ...bayo, deductions: { [ORDINARY]: 1_234_567 } },
  ]);
});

async function layout(body: Record<string, unknown>): Promise<string> {
  const created = await admin.post('/api/payroll/layouts', body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** Download the advice in a layout, upload the bytes back unchanged, match: every member in full. */
async function roundTrip(layoutId: string, fileName: string) {
  const download = await admin.get(`/api/payroll/advices/${MONTH}/download?layout=${layoutId}`);
  expect(download.statusCode, download.body).toBe(200);
  const uploaded = await uploadRemittance(admin, MONTH, download.rawPayload, layoutId, fileName);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const matched = await match(admin, MONTH, { source: 'file', lines: uploaded.json().lines, bankAmountKobo: 3_174_567 });
  expect(matched.statusCode, matched.body).toBe(200);
  const answer = matched.json();
  expect(answer.members.map((m: { staffId: string; outcome: string; advisedKobo: number; paidKobo: number }) => [m.staffId, m.outcome, m.advisedKobo, m.paidKobo])).toEqual([
    [ada.staffId, 'full', 1_940_000, 1_940_000],
    [bayo.staffId, 'full', 1_234_567, 1_234_567],
  ]);
  expect(answer.members[0].deductions.map((d: { key: string; paidKobo: number; outcome: string }) => [d.key, d.paidKobo, d.outcome])).toEqual([
    ['loan', 1_120_000, 'full'],
    [arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID), 120_000, 'full'],
    [ORDINARY, 500_000, 'full'],
    [xmas, 200_000, 'full'],
  ]);
  expect(answer).toMatchObject({ counts: { full: 2, short: 0, over: 0, not_on_payroll: 0, unexpected: 0 }, differenceKobo: 0, refusedCount: 0 });
  return uploaded.json();
}

describe('the layout round trip', () => {
  it('reads the generic .xlsx back: a line per row, a part per deduction column', async () => {
    const uploaded = await roundTrip('generic', 'deductions-2026-10-generic.xlsx');
    expect(uploaded).toMatchObject({ fileName: 'deductions-2026-10-generic.xlsx', layoutId: 'generic', fileHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(uploaded.lines[1]).toEqual({ ref: bayo.staffId, name: 'Bayo File', row: 3, parts: [{ keys: [ORDINARY], amount: '12345.67' }] });
  });

  it('reads a named long CSV layout back, whole kobo, the rows of one member grouped', async () => {
    const id = await layout({
      name: 'IPPIS round trip',
      shape: 'long',
      format: 'csv',
      dateFormat: 'DD/MM/YYYY',
      numberFormat: 'kobo',
      columns: [
        { field: 'staff_id', header: 'IPPIS No' },
        { field: 'name', header: 'Name' },
        { field: 'month', header: 'Period' },
        { field: 'code', header: 'Deduction Code' },
        { field: 'amount', header: 'Amount' },
      ],
      codes: [
        { code: 'COOP-LOAN', keys: ['loan'] },
        { code: 'COOP-SAV', keys: [ORDINARY, arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID)] },
        { code: 'COOP-XMAS', keys: [xmas] },
      ],
    });
    const uploaded = await roundTrip(id, 'ippis.csv');
    expect(uploaded.lines[0]).toEqual({
      ref: ada.staffId,
      name: 'Ada File',
      row: 2,
      parts: [
        { keys: ['loan'], amount: '11200.00' },
        { keys: [ORDINARY, arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID)], amount: '6200.00' },
        { keys: [xmas], amount: '2000.00' },
      ],
    });
  });

  it('reads a named wide CSV layout back, naira with commas, savings in one column', async () => {
    const id = await layout({
      name: 'Wide with commas',
      shape: 'wide',
      format: 'csv',
      dateFormat: 'YYYY-MM',
      numberFormat: 'naira_commas',
      columns: [
        { field: 'staff_id', header: 'Staff No' },
        { field: 'deduction', header: 'Loan', keys: ['loan'] },
        { field: 'deduction', header: 'Savings', keys: [ORDINARY, arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID), xmas] },
        { field: 'total', header: 'Total' },
      ],
      codes: [],
    });
    const uploaded = await roundTrip(id, 'wide.csv');
    expect(uploaded.lines[0].parts).toEqual([
      { keys: ['loan'], amount: '11200.00' },
      { keys: [ORDINARY, arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID), xmas], amount: '8200.00' },
    ]);
  });
});

const csv = (text: string) => Buffer.from(text);

describe('reading a remittance file', () => {
  const header = 'Staff ID,Name,Loan repayment,Ordinary savings arrears,Ordinary savings,Christmas Savings,Total\n';

  it('pays a row with only a total in the scheme order, and keeps an unreadable amount for the match to refuse', async () => {
    const uploaded = await uploadRemittance(admin, MONTH, csv(`${header}${ada.staffId},Ada,,,,,"15,000"\n${bayo.staffId},Bayo,,,ten,,\n`), 'generic', 'payroll.csv');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().lines).toEqual([
      { ref: ada.staffId, name: 'Ada', row: 2, parts: [{ keys: [], amount: '15000.00' }] },
      { ref: bayo.staffId, name: 'Bayo', row: 3, parts: [{ keys: [ORDINARY], amount: 'ten' }] },
    ]);
    const matched = (await match(admin, MONTH, { source: 'file', lines: uploaded.json().lines })).json();
    expect(matched.members[0].deductions.map((d: { paidKobo: number }) => d.paidKobo)).toEqual([1_120_000, 120_000, 260_000, 0]);
    expect(matched.members[1]).toMatchObject({ reason: MESSAGES.enterValidAmount });
    expect(matched.refusedCount).toBe(1);
  });

  it.each([
    ['a column of the layout missing', () => csv(`Staff ID,Name,Total\n${'STF001'},Ada,100\n`), 422, 'The file has no "Loan repayment" column. Upload it in the layout chosen, or choose the layout it is in.'],
    ['no staff ID column', () => csv('Name,Total\nAda,100\n'), 422, 'The file has no "Staff ID" column. Upload it in the layout chosen, or choose the layout it is in.'],
    ['a header and nothing under it', () => csv(header), 422, MESSAGES.fileEmpty],
    ['a 10 MB file', () => Buffer.alloc(10 * 1024 * 1024, 'a'), 413, MESSAGES.fileTooLarge],
    ['three million rows in a few hundred KB', threeMillionRowBomb, 413, MESSAGES.fileExpandsTooMuch],
    ['not a spreadsheet', () => Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), 422, MESSAGES.fileNotSpreadsheet],
  ])('refuses %s, writing nothing', async (_name, bytes, status, message) => {
    const body = await bytes();
    await expectNoRowsWritten(db(), async () => {
      const response = await uploadRemittance(admin, MONTH, body, 'generic', 'payroll.csv');
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ message, field: 'file' });
    });
  });

  it("refuses a long file's code that is none of the layout's, naming the row", async () => {
    const id = await layout({
      name: 'Long refusals',
      shape: 'long',
      format: 'csv',
      dateFormat: 'YYYY-MM',
      numberFormat: 'naira',
      columns: [
        { field: 'staff_id', header: 'Staff ID' },
        { field: 'code', header: 'Code' },
        { field: 'amount', header: 'Amount' },
      ],
      codes: [{ code: 'SAV', keys: [ORDINARY] }],
    });
    const refused = await uploadRemittance(admin, MONTH, csv(`Staff ID,Code,Amount\n${ada.staffId},sav,50\n${ada.staffId},DUES,10\n`), id, 'long.csv');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'FILE_UNREADABLE', message: 'Row 3: the code "DUES" is none of the layout\'s codes. Correct the file or add the code to the layout.' });
  });

  it('refuses an unknown layout (404) and a month with no advice (404)', async () => {
    const bytes = Buffer.from(`${header}${ada.staffId},Ada,,,,,100\n`);
    expect((await uploadRemittance(admin, MONTH, bytes, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ error: 'PAYROLL_LAYOUT_NOT_FOUND' });
    expect((await uploadRemittance(admin, MONTH, bytes, 'not-a-layout')).statusCode).toBe(404);
    expect((await uploadRemittance(admin, '2026-01', bytes)).json()).toMatchObject({ error: 'PAYROLL_ADVICE_NOT_FOUND' });
  });

  it('reads an .xlsx written by another program, headings in any case', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Remittance');
    sheet.addRow([' staff id ', 'NAME', 'loan repayment', 'ordinary savings arrears', 'ORDINARY SAVINGS', 'christmas savings', 'total']);
    sheet.addRow([bayo.staffId.toLowerCase(), 'Bayo', null, null, 12_345.67, null, 12_345.67]);
    const uploaded = await uploadRemittance(admin, MONTH, Buffer.from(await workbook.xlsx.writeBuffer()), 'generic', 'other.xlsx');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const matched = (await match(admin, MONTH, { source: 'file', lines: uploaded.json().lines })).json();
    expect(matched.members.map((m: { staffId: string; outcome: string; remittedKobo: number }) => [m.staffId, m.outcome, m.remittedKobo])).toEqual([
      [ada.staffId, 'not_on_payroll', 0],
      [bayo.staffId, 'full', 1_234_567],
    ]);
  });
});
