import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { nairaCell, typedTextColumn, wallClockCell } from './cells.ts';
import { rawCell } from './xlsx-test-support.ts';

/** A one-column sheet written the way every Kobo workbook is: streamed, styles on, no shared strings. */
async function typedTextSheet(values: string[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Typed');
  sheet.columns = [typedTextColumn({ header: 'Typed', key: 'typed', width: 20 })];
  for (const typed of values) sheet.addRow({ typed }).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

describe('spreadsheet cells', () => {
  const formulaLike = ['=1+1', '+234', '-5', '@SUM(A1)', '\tx', '=HYPERLINK("http://x","y")'];

  it('marks a typed-text column with the Text number format', () => {
    expect(typedTextColumn({ header: 'Title', key: 'title', width: 30 })).toEqual({ header: 'Title', key: 'title', width: 30, style: { numFmt: '@' } });
  });

  it.each(formulaLike)('writes %j so that it reads back exactly as typed, as text, never a formula', async (typed) => {
    const xlsx = await typedTextSheet([typed]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const cell = workbook.getWorksheet('Typed')?.getCell('A2');
    expect(cell?.value).toBe(typed);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.formula).toBeUndefined();
    expect(cell?.numFmt).toBe('@');
  });

  it('stores a string cell with no formula, styled with the built-in Text format', async () => {
    const { cell, xf } = await rawCell(await typedTextSheet(['=1+1']), 1, 'A2');
    expect(cell).toMatch(/^<c r="A2" s="\d+" t="str"><v>=1\+1<\/v><\/c>$/);
    expect(cell).not.toContain('<f>');
    expect(xf).toContain('numFmtId="49"');
    expect(xf).toContain('applyNumberFormat="1"');
  });

  it('writes kobo as naira', () => {
    expect(nairaCell(150_000)).toBe(1500);
    expect(nairaCell(1)).toBe(0.01);
  });

  it("writes an instant as the organisation's wall clock", () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Lagos (UTC+1).
    expect(wallClockCell(new Date('2026-12-31T23:30:00Z'), 'Africa/Lagos').toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });
});
