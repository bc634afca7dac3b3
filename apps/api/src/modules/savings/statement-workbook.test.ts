import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { asKobo, type SavingsStatement } from '@kobo/core';
import { rawCell } from '../../spreadsheet/xlsx-test-support.ts';
import { writeStatementWorkbook } from './statement-workbook.ts';

// Every text here was typed by someone: the holder's and the counterparty's names, the
// description, and the email of the admin who processed the posting.
const statement: SavingsStatement = {
  account: {
    accountId: '00000000-0000-4000-8000-000000000001',
    userId: 'user-1',
    holderName: '=Ada',
    email: 'ada@kobo.test',
    role: 'staff',
    staffId: 'STF001',
    balanceKobo: asKobo(12_500),
    heldKobo: asKobo(0),
    pendingKobo: asKobo(0),
    availableKobo: asKobo(12_500),
    lastUpdated: '2026-03-02T09:00:00.000Z',
    createdAt: '2026-01-01T09:00:00.000Z',
  },
  from: '2026-03-01',
  to: '2026-03-31',
  openingBalanceKobo: asKobo(10_000),
  closingBalanceKobo: asKobo(12_500),
  rows: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      type: 'transfer_in',
      amountKobo: asKobo(2_500),
      description: '=1+1',
      createdAt: '2026-03-02T09:00:00.000Z',
      createdByEmail: '=1+1@kobo.test',
      processedByEmail: '=1+1@kobo.test',
      transferId: '00000000-0000-4000-8000-000000000003',
      counterpartyAccountId: '00000000-0000-4000-8000-000000000004',
      counterpartyName: '+2348012345678',
      valueDate: '2026-02-27',
      reversesId: null,
      reason: null,
      reversedById: null,
      batchId: null,
      balanceAfterKobo: asKobo(12_500),
    },
  ],
};

async function statementXlsx(): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeStatementWorkbook(statement, 'Africa/Lagos', output);
  return Buffer.concat(chunks);
}

describe('the statement workbook', () => {
  it('writes every typed text, Processed By included, exactly as typed and never as a formula', async () => {
    const xlsx = await statementXlsx();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Statement');
    if (!sheet) throw new Error('no sheet');
    const typed = { C2: 'Opening balance (=Ada)', C3: '=1+1', D3: '+2348012345678', E3: '=1+1@kobo.test' };
    for (const [ref, value] of Object.entries(typed)) {
      const cell = sheet.getCell(ref);
      expect(cell.value, ref).toBe(value);
      expect(cell.type, ref).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, ref).toBeUndefined();
      expect(cell.numFmt, ref).toBe('@');

      const raw = await rawCell(xlsx, 1, ref);
      expect(raw.cell, ref).not.toContain('<f>');
      expect(raw.cell, ref).toContain(`t="str"><v>${value}</v>`);
      expect(raw.xf, ref).toContain('numFmtId="49"');
    }
    // Written by Kobo, not typed: the type label, the date and the amounts keep their formats.
    expect(sheet.getCell('B3').value).toBe('Transfer in');
    expect(sheet.getCell('A1').value).toBe('Value Date');
    expect(sheet.getCell('A3').value).toEqual(new Date('2026-02-27T00:00:00.000Z'));
    expect(sheet.getCell('H1').value).toBe('Recorded');
    expect(sheet.getCell('H3').value).toEqual(new Date('2026-03-02T10:00:00.000Z'));
    expect(sheet.getCell('F3').value).toBe(25);
    expect(sheet.getCell('G4').value).toBe(125);
  });
});
