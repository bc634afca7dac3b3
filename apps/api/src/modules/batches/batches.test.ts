import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { threeMillionRowBomb } from '../../spreadsheet/hand-built-xlsx.ts';
import { addStaff, balanceOf, deposit, openSavingsContext, post } from '../savings/savings-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);


function upload(client: TestClient, bytes: Buffer, name = 'payroll.csv') {
  return client.request('POST', '/api/savings/batches/file', bytes, { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) });
}

async function xlsx(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let ada: SavingsHolderListItem;
let bayo: SavingsHolderListItem;
let chi: SavingsHolderListItem;
let dele: SavingsHolderListItem;

describe('preparing a run', () => {
  it('lists every active holder with their standing contribution, and payday as the value date', async () => {
    ada = await addStaff(admin, { name: 'Ada Run' });
    bayo = await addStaff(admin, { name: 'Bayo Run' });
    chi = await addStaff(admin, { name: 'Chi Run' });
    dele = await addStaff(admin, { name: 'Dele Gone' });
    await ctx.setActive(dele.userId, false);
    const saved = await admin.request('PUT', '/api/savings/contributions', {
      contributions: [
        { userId: ada.userId, amount: '15,000' },
        { userId: bayo.userId, amount: '₦20,000.50' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ updated: 2 });

    const october = await admin.get('/api/savings/runs/prepare?month=2026-10');
    expect(october.statusCode).toBe(200);
    // 31 Oct 2026 is a Saturday: payday is Friday the 30th.
    expect(october.json()).toMatchObject({ month: '2026-10', valueDate: '2026-10-30', description: 'October 2026 contribution', earlierBatch: null });
    const candidates = october.json().candidates as { userId: string; monthlyContributionKobo: number }[];
    expect(candidates.map((candidate) => candidate.userId)).toEqual([ada.userId, bayo.userId, chi.userId]);
    expect(candidates.map((candidate) => candidate.monthlyContributionKobo)).toEqual([1_500_000, 2_000_050, 0]);
    // November's payday (Monday the 30th) is still ahead: the run is valued today.
    expect((await admin.get('/api/savings/runs/prepare?month=2026-11')).json().valueDate).toBe('2026-11-23');
  });

  it('refuses a contribution for someone who holds no savings, setting none', async () => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.request('PUT', '/api/savings/contributions', {
        contributions: [
          { userId: chi.userId, amount: '100' },
          { userId: admin.userId, amount: '100' },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.rowNotHolder, field: 'contributions.1.userId' });
    });
  });

  it.each(['2026-13', '2026-1', '0000-01', 'November', '2026-11-01'])('refuses the month %j', async (month) => {
    const response = await admin.get(`/api/savings/runs/prepare?month=${month}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.chooseMonth, field: 'month' });
  });

  it('finds holders by staff ID in the staff picker, with their standing contribution', async () => {
    const response = await admin.get(`/api/savings/holders?search=${ada.staffId?.toLowerCase()}`);
    expect(response.json().holders).toEqual([expect.objectContaining({ userId: ada.userId, monthlyContributionKobo: 1_500_000 })]);
  });
});

describe('reviewing a batch', () => {
  it('marks every row ready or refused with the reason on the row, and posts nothing', async () => {
    // Valued before October's payday, so the run's withdrawal leaves no day of October below ₦0 (issue 26).
    expect((await post(admin, { userId: chi.userId, type: 'deposit', amount: '1000', valueDate: '2026-10-01' })).statusCode).toBe(201);
    const eve = await addStaff(admin, { name: 'Eve Twice' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post('/api/savings/batches/review', {
        month: '2026-10',
        rows: [
          { ref: ada.staffId, amount: '15000' },
          { ref: 'bayo-run@nowhere.test', amount: '1' },
          { ref: 'STF999999', amount: '1' },
          { ref: admin.email, amount: '1' },
          { ref: dele.staffId, amount: '1' },
          { ref: bayo.staffId, amount: '1.005' },
          { ref: bayo.staffId, amount: '0' },
          { ref: bayo.staffId, amount: '1', type: 'Withdrawal' },
          { ref: bayo.staffId, amount: '5', type: 'refund' },
          { ref: chi.email.toUpperCase(), amount: '₦2,500.00', type: 'deposit', description: 'Arrears' },
          { ref: eve.staffId?.toLowerCase(), amount: '100' },
          { ref: eve.email, amount: '200' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const review = response.json();
      expect(review.rows.map((row: { status: string; reason: string | null }) => [row.status, row.reason])).toEqual([
        ['ready', null],
        ['refused', MESSAGES.rowUnknownPerson],
        ['refused', MESSAGES.rowUnknownPerson],
        ['refused', MESSAGES.rowNotHolder],
        ['refused', MESSAGES.rowInactive],
        ['refused', MESSAGES.enterValidAmount],
        ['refused', MESSAGES.rowZeroAmount],
        ['refused', MESSAGES.rowOverdraws],
        ['refused', MESSAGES.chooseTransactionType],
        ['ready', null],
        ['refused', MESSAGES.rowDuplicate],
        ['refused', MESSAGES.rowDuplicate],
      ]);
      expect(review).toMatchObject({ month: '2026-10', valueDate: '2026-10-30', readyCount: 2, refusedCount: 10, depositKobo: 1_750_000, withdrawalKobo: 0 });
      expect(review.rows[9]).toMatchObject({ line: 10, userId: chi.userId, name: 'Chi Run', amountKobo: 250_000, description: 'Arrears', balanceKobo: 100_000 });
    });
    await ctx.setActive(eve.userId, false);
  });

  it.each([
    [{ month: '2026-10', rows: [] }, 'rows', MESSAGES.batchEmpty],
    [{ month: '2026-00', rows: [{ ref: 'x', amount: 1 }] }, 'month', MESSAGES.chooseMonth],
    [{ month: '2026-10', valueDate: '2026-11-24', rows: [{ ref: 'x', amount: 1 }] }, 'valueDate', MESSAGES.valueDateInFuture],
    [{ month: '2026-10', valueDate: '2026-02-30', rows: [{ ref: 'x', amount: 1 }] }, 'valueDate', MESSAGES.invalidDate],
  ])('refuses the draft %j with a message on the field', async (draft, field, message) => {
    const response = await admin.post('/api/savings/batches/review', draft);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('refuses 50,001 rows', async () => {
    const rows = Array.from({ length: 50_001 }, () => ({ ref: 'STF001', amount: 1 }));
    const response = await admin.post('/api/savings/batches/review', { month: '2026-10', rows });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.batchTooManyRows);
  });
});

const octoberRun = () => ({
  month: '2026-10',
  rows: [
    { ref: ada.staffId, amount: '15,000' },
    { ref: bayo.email, amount: 20000.5 },
    { ref: chi.staffId, amount: '400', type: 'withdrawal', description: 'Refund of excess' },
  ],
});

describe('posting a batch', () => {
  let batchId: string;

  it('posts nothing when any row is refused', async () => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post('/api/savings/batches', {
        month: '2026-10',
        rows: [
          { ref: ada.staffId, amount: '15000' },
          { ref: 'STF999999', amount: '1' },
        ],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'BATCH_NOT_READY', message: MESSAGES.batchNotReady });
    });
  });

  it('posts every row in one go, valued on payday, with one audit entry', async () => {
    const response = await admin.post(
      '/api/savings/batches',
      octoberRun(),
      { 'idempotency-key': 'october-run-1' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { batch } = response.json();
    batchId = batch.id;
    expect(batch).toMatchObject({
      month: '2026-10',
      valueDate: '2026-10-30',
      description: 'October 2026 contribution',
      rowCount: 3,
      depositKobo: 3_500_050,
      withdrawalKobo: 40_000,
      postedByEmail: admin.email,
      postedAt: '2026-11-23T09:00:00.000Z',
      status: 'posted',
    });
    expect(await balanceOf(admin, ada.userId)).toBe(1_500_000);
    expect(await balanceOf(admin, bayo.userId)).toBe(2_000_050);
    expect(await balanceOf(admin, chi.userId)).toBe(60_000);
    const history = (await admin.get(`/api/savings/accounts/${chi.userId}?period=year`)).json().transactions;
    expect(history[0]).toMatchObject({ type: 'withdrawal', amountKobo: 40_000, valueDate: '2026-10-30', batchId, description: 'Refund of excess' });
    expect(history[1]).toMatchObject({ type: 'deposit', amountKobo: 100_000, valueDate: '2026-10-01' });
    const audit = (await admin.get('/api/audit?kind=savings.batch_posted')).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: { type: 'savings_batch', id: batchId }, after: { rowCount: 3, month: '2026-10' } });
  });

  it('answers a retried request with the first result and posts once', async () => {
    const again = await admin.post(
      '/api/savings/batches',
      octoberRun(),
      { 'idempotency-key': 'october-run-1' },
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().batch.id).toBe(batchId);
    expect(await balanceOf(admin, ada.userId)).toBe(1_500_000);
  });

  it('refuses the same month again, naming when and by whom, unless a reason is given', async () => {
    const review = await admin.post('/api/savings/batches/review', { month: '2026-10', rows: [{ ref: ada.staffId, amount: '1' }] });
    expect(review.json().earlierBatch).toMatchObject({ id: batchId, message: 'This batch was already posted on 23 Nov 2026 by Test admin' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await admin.post('/api/savings/batches', { month: '2026-10', rows: [{ ref: ada.staffId, amount: '1' }] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'BATCH_ALREADY_POSTED', message: 'This batch was already posted on 23 Nov 2026 by Test admin' });
    });
    const second = await admin.post('/api/savings/batches', { month: '2026-10', repeatReason: 'Late joiner', rows: [{ ref: ada.staffId, amount: '1' }] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().batch).toMatchObject({ repeatReason: 'Late joiner', rowCount: 1 });
    expect(await balanceOf(admin, ada.userId)).toBe(1_500_100);
  });

  it('lists batches newest first, opens one with its rows, and exports it as a spreadsheet', async () => {
    const list = (await admin.get('/api/savings/batches')).json().batches as { id: string; month: string }[];
    expect(list.map((batch) => batch.month)).toEqual(['2026-10', '2026-10']);
    expect(list[1]?.id).toBe(batchId);
    const detail = await admin.get(`/api/savings/batches/${batchId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().postings.map((posting: { name: string; amountKobo: number; type: string }) => [posting.name, posting.type, posting.amountKobo])).toEqual([
      ['Ada Run', 'deposit', 1_500_000],
      ['Bayo Run', 'deposit', 2_000_050],
      ['Chi Run', 'withdrawal', 40_000],
    ]);
    const exported = await admin.get(`/api/savings/batches/${batchId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="batch-\d+-2026-10\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Staff ID', 'Name', 'Type', 'Amount', 'Description', 'Value Date', 'Status', 'Product']);
    expect(sheet?.getRow(4).values).toEqual([undefined, chi.staffId, 'Chi Run', 'Withdrawal', 400, 'Refund of excess', new Date('2026-10-30T00:00:00.000Z'), 'Posted', 'Ordinary savings']);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'nope'])('answers 404 for the unknown batch %s', async (id) => {
    const response = await admin.get(`/api/savings/batches/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'BATCH_NOT_FOUND', message: MESSAGES.batchNotFound });
  });

  it('refuses to reverse a batch whose money has been spent, moving nothing', async () => {
    const taken = await post(admin, { userId: bayo.userId, type: 'withdrawal', amount: '20000' });
    expect(taken.statusCode).toBe(201);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'Wrong month' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'REVERSAL_OVERDRAWS', message: "Reversing this would take Bayo Run's balance below zero, so nothing was reversed." });
    });
    await deposit(admin, bayo.userId, '20000');
  });

  it('reverses a whole batch once, all rows, and the month may then be posted afresh', async () => {
    const response = await admin.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'Wrong month' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().batch).toMatchObject({ status: 'reversed', reversalReason: 'Wrong month', reversedAt: '2026-11-23T09:00:00.000Z' });
    expect(await balanceOf(admin, ada.userId)).toBe(100);
    expect(await balanceOf(admin, bayo.userId)).toBe(0 + 2_000_050 - 2_000_050);
    expect(await balanceOf(admin, chi.userId)).toBe(100_000);
    const again = await admin.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'BATCH_ALREADY_REVERSED', message: MESSAGES.batchAlreadyReversed });
    const detail = (await admin.get(`/api/savings/batches/${batchId}`)).json();
    expect(detail.postings.every((posting: { reversedById: string | null }) => posting.reversedById !== null)).toBe(true);
  });
});

describe('uploading payroll’s file', () => {
  const header = 'Staff ID,Amount,Description,Type\n';

  it('reads a CSV, with or without a byte-order mark, and in UTF-16', async () => {
    const text = `${header}${ada.staffId},"15,000",October,\n${bayo.staffId},₦20000.50,,deposit\n`;
    for (const bytes of [
      Buffer.from(text, 'utf8'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    ]) {
      const response = await upload(admin, bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().rows).toEqual([
        { ref: ada.staffId, amount: '15,000', description: 'October', type: null, loanRepayment: null, sourceRow: 2 },
        { ref: bayo.staffId, amount: '₦20000.50', description: null, type: 'deposit', loanRepayment: null, sourceRow: 3 },
      ]);
      expect(response.json().fileHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('reads the first sheet of a workbook, an email column where there is no staff ID, and reviews three decimals as a bad amount', async () => {
    const bytes = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Payroll');
      sheet.addRow(['Email', 'Name', 'Amount']);
      sheet.addRow([chi.email, 'Chi Run', 1500.125]);
      sheet.addRow([ada.email, 'Ada Run', 2000]);
    });
    const response = await upload(admin, bytes, 'payroll.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = response.json();
    expect(rows).toEqual([
      { ref: chi.email, amount: 1500.125, description: null, type: null, loanRepayment: null, sourceRow: 2 },
      { ref: ada.email, amount: 2000, description: null, type: null, loanRepayment: null, sourceRow: 3 },
    ]);
    const review = (await admin.post('/api/savings/batches/review', { month: '2026-11', rows })).json();
    expect(review.rows.map((row: { reason: string | null }) => row.reason)).toEqual([MESSAGES.enterValidAmount, null]);
  });

  it('keeps each row’s own spreadsheet row number through the review, past a blank row and a dropped one (issue 34)', async () => {
    // Row 1 is the header; row 3 is blank, so the rows are 2, 4 and 5 as a spreadsheet program numbers them.
    const bytes = Buffer.from(`${header}${ada.staffId},100,,\n,,,\n${bayo.staffId},-50,,\n${chi.staffId},200,,\n`);
    const { rows } = (await upload(admin, bytes, 'row-numbers.csv')).json();
    expect(rows.map((row: { sourceRow: number }) => row.sourceRow)).toEqual([2, 4, 5]);
    const review = (await admin.post('/api/savings/batches/review', { month: '2026-11', rows })).json();
    expect(review.rows.map((row: { line: number; sourceRow: number | null }) => [row.line, row.sourceRow])).toEqual([
      [1, 2],
      [2, 4],
      [3, 5],
    ]);
    // Row 4 dropped: row 5 is still row 5, though it is now the second line sent.
    const again = (await admin.post('/api/savings/batches/review', { month: '2026-11', rows: [rows[0], rows[2]] })).json();
    expect(again.rows.map((row: { line: number; sourceRow: number | null }) => [row.line, row.sourceRow])).toEqual([
      [1, 2],
      [2, 5],
    ]);
    // Rows prepared on screen have no spreadsheet row.
    const prepared = (await admin.post('/api/savings/batches/review', { month: '2026-11', rows: [{ ref: ada.staffId, amount: '100' }] })).json();
    expect(prepared.rows[0].sourceRow).toBeNull();
  });

  it('recognises the same file posted again', async () => {
    const bytes = Buffer.from(`${header}${chi.staffId},10,,\n`);
    const { rows, fileHash, fileName } = (await upload(admin, bytes, 'december.csv')).json();
    const first = await admin.post('/api/savings/batches', { month: '2026-09', rows, fileHash, fileName });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().batch.fileName).toBe('december.csv');
    const again = await admin.post('/api/savings/batches', { month: '2026-08', rows, fileHash, fileName });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('BATCH_ALREADY_POSTED');
  });

  it.each([
    ['a picture', async () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 422, MESSAGES.fileNotSpreadsheet],
    ['a broken workbook', async () => Buffer.from('504b0304deadbeef', 'hex'), 422, MESSAGES.fileNotSpreadsheet],
    ['an empty file', async () => Buffer.alloc(0), 422, MESSAGES.fileEmpty],
    ['a header and nothing under it', async () => Buffer.from(header), 422, MESSAGES.fileEmpty],
    ['no header naming the columns', async () => Buffer.from('STF001,100\nSTF002,200\n'), 422, MESSAGES.fileNoHeader],
    ['a 10 MB file', async () => Buffer.alloc(10 * 1024 * 1024, 'a'), 413, MESSAGES.fileTooLarge],
    ['50,001 rows', async () => Buffer.from(`${header}${'STF001,1,,\n'.repeat(50_001)}`), 422, MESSAGES.fileTooManyRows],
    ['three million rows in a few hundred KB (issue 26)', threeMillionRowBomb, 413, MESSAGES.fileExpandsTooMuch],
    [
      'formulas',
      () => xlsx((workbook) => {
        const sheet = workbook.addWorksheet('Payroll');
        sheet.addRow(['Staff ID', 'Amount']);
        sheet.addRow(['STF001', { formula: '1000*2', result: 2000 }]);
      }),
      422,
      MESSAGES.fileHasFormulas,
    ],
    [
      'merged cells',
      () => xlsx((workbook) => {
        const sheet = workbook.addWorksheet('Payroll');
        sheet.addRow(['Staff ID', 'Amount']);
        sheet.addRow(['STF001', 100]);
        sheet.addRow(['STF002', 100]);
        sheet.mergeCells('B2:B3');
      }),
      422,
      MESSAGES.fileHasMergedCells,
    ],
    [
      'a hidden first sheet',
      () => xlsx((workbook) => {
        const hidden = workbook.addWorksheet('Old', { state: 'hidden' });
        hidden.addRow(['Staff ID', 'Amount']);
        workbook.addWorksheet('Payroll').addRow(['Staff ID', 'Amount']);
      }),
      422,
      MESSAGES.fileHiddenSheet,
    ],
  ])('refuses %s with a clear message, writing nothing', async (_label, bytes, status, message) => {
    const file = await bytes();
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await upload(admin, file);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ message, field: 'file' });
    });
  });

  it('downloads a template holding every active holder with their standing amount', async () => {
    const response = await admin.get('/api/savings/batches/template?month=2026-12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="payroll-template-2026-12.xlsx"');
    const read = await upload(admin, response.rawPayload, 'payroll-template-2026-12.xlsx');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().rows).toEqual([
      { ref: ada.staffId, amount: 15000, description: 'December 2026 contribution', type: 'deposit', loanRepayment: null, sourceRow: 2 },
      { ref: bayo.staffId, amount: 20000.5, description: 'December 2026 contribution', type: 'deposit', loanRepayment: null, sourceRow: 3 },
      { ref: chi.staffId, amount: 0, description: 'December 2026 contribution', type: 'deposit', loanRepayment: null, sourceRow: 4 },
    ]);
  });
});
