import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MESSAGES } from '@kobo/core';
import { handBuiltXlsx, rowXml, sheetOf, threeMillionRowBomb } from './hand-built-xlsx.ts';
import { readSheetTable, type ReadOptions } from './read-sheet-table.ts';

const TEN_ROWS: ReadOptions = { maxRows: 10, messages: { tooManyRows: 'More than 10 rows.' } };
const IMPORT_LIMIT: ReadOptions = { maxRows: 20_000, messages: { tooManyRows: MESSAGES.importTooManyRows } };

async function refusalOf(bytes: Buffer, options: ReadOptions = TEN_ROWS): Promise<{ code: string; status: number; message: string }> {
  const error = await readSheetTable(bytes, options).then(
    () => null,
    (refused: unknown) => refused,
  );
  expect(error, 'the file was read, not refused').toMatchObject({ field: 'file' });
  const { code, status, message } = error as { code: string; status: number; message: string };
  return { code, status, message };
}

/** A workbook of two sheets, the first (in the workbook's order, not by id) with `state`; only the first has a part. */
function twoSheets(state: string): string {
  return `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Payroll" sheetId="7" ${state} r:id="rId1"/><sheet name="Other" sheetId="1" r:id="rId9"/></sheets></workbook>`;
}

function sheetXml(...rows: string[]): string[] {
  return [`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`];
}

describe('reading a workbook', () => {
  it('answers each cell as a person wrote it, as the reading with ExcelJS did', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Expenses');
    sheet.addRow(['Date', 'Amount', 'Text', 'Flag', 'Error']);
    sheet.addRow([new Date('2026-11-19T00:00:00Z'), 4500.5, 'Tom & Jerry <x> "quoted"', true, { error: '#N/A' }]);
    sheet.getCell('A3').value = 46_345;
    sheet.getCell('C3').value = { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] };
    sheet.getCell('D3').value = { text: 'a link', hyperlink: 'https://example.com' };
    sheet.getCell('B5').value = 'after a blank row';
    sheet.getCell('A6').value = new Date('2026-02-01T00:00:00Z');
    sheet.getCell('A6').numFmt = 'dd/mm/yyyy';
    sheet.getCell('B6').value = 46_000;
    sheet.getCell('B6').numFmt = '#,##0.00';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readSheetTable(bytes, TEN_ROWS)).toEqual([
      { line: 1, cells: ['Date', 'Amount', 'Text', 'Flag', 'Error'] },
      { line: 2, cells: ['2026-11-19', 4500.5, 'Tom & Jerry <x> "quoted"', 'true', '#N/A'] },
      { line: 3, cells: [46_345, '', 'Rich text', 'a link'] },
      { line: 5, cells: ['', 'after a blank row'] },
      { line: 6, cells: ['2026-02-01', 46_000] },
    ]);
  });

  it('counts days from 1904 when the workbook says so', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    workbook.addWorksheet('Expenses').addRow([new Date('2026-11-19T00:00:00Z')]);
    expect(await readSheetTable(Buffer.from(await workbook.xlsx.writeBuffer()), TEN_ROWS)).toEqual([{ line: 1, cells: ['2026-11-19'] }]);
  });

  it('reads what other programs write: shared strings with phonetic guides, prefixed names, CDATA, escapes, no row numbers', async () => {
    const sharedStrings =
      '<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:si><x:t>Item</x:t></x:si>' +
      '<x:si><x:r><x:t>Fu</x:t></x:r><x:r><x:t>el</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ignored</x:t></x:rPh></x:si>' +
      '<x:si><x:t>Line_x000D_break</x:t></x:si></x:sst>';
    // Style 1 is a custom date format, style 2 the built-in 14 (a date), style 3 a plain number.
    const styles =
      '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="[$-409]d\\-mmm\\-yyyy"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="4"/></cellXfs></styleSheet>';
    const sheet = [
      '<?xml version="1.0"?><!-- written by hand --><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>',
      '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t><![CDATA[Note <one>]]></x:t></x:is></x:c></x:row>',
      '<x:row><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="C2" t="inlineStr"><x:is><x:t>&#8358;5 &amp; &#x41;</x:t></x:is></x:c></x:row>',
      '<x:row r="4"><x:c s="1"><x:v>46345</x:v></x:c><x:c s="2"><x:v>46346</x:v></x:c><x:c s="3"><x:v>46347</x:v></x:c><x:c t="s"><x:v>2</x:v></x:c></x:row>',
      '</x:sheetData></x:worksheet>',
    ];
    expect(await readSheetTable(await handBuiltXlsx(sheet, { sharedStrings, styles }), TEN_ROWS)).toEqual([
      { line: 1, cells: ['Item', 'Note <one>'] },
      { line: 2, cells: ['Fuel', '', '₦5 & A'] },
      { line: 4, cells: ['2026-11-19', '2026-11-20', 46_347, 'Line\rbreak'] },
    ]);
  });

  it('reads the first worksheet in the workbook’s order, and refuses it hidden', async () => {
    const sheet = sheetXml(rowXml(['Staff ID', 'Amount']));
    expect(await readSheetTable(await handBuiltXlsx(sheet, { workbook: twoSheets('') }), TEN_ROWS)).toEqual([{ line: 1, cells: ['Staff ID', 'Amount'] }]);
    expect(await refusalOf(await handBuiltXlsx(sheet, { workbook: twoSheets('state="veryHidden"') }))).toEqual({
      code: 'FILE_UNREADABLE',
      status: 422,
      message: MESSAGES.fileHiddenSheet,
    });
  });

  it('refuses a document type declaration (entities are never expanded), and malformed XML', async () => {
    const laughs = ['<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><worksheet><sheetData>', rowXml(['&lol2;']), '</sheetData></worksheet>'];
    expect((await refusalOf(await handBuiltXlsx(laughs))).message).toBe(MESSAGES.fileNotSpreadsheet);
    expect((await refusalOf(await handBuiltXlsx(sheetXml('<row><c t="inlineStr"><is><t>a & b</t></is></c></row>')))).message).toBe(MESSAGES.fileNotSpreadsheet);
    expect((await refusalOf(await handBuiltXlsx(sheetXml('<row><c t="inlineStr"><is><t>cut short')))).message).toBe(MESSAGES.fileNotSpreadsheet);
  });
});

describe('reading with bounds (issue 26)', () => {
  it('refuses the three-million-row workbook from its declared size, before inflating it', async () => {
    const bomb = await threeMillionRowBomb();
    expect(bomb.length).toBeLessThan(400 * 1024);
    expect(await refusalOf(bomb, IMPORT_LIMIT)).toEqual({ code: 'FILE_TOO_LARGE', status: 413, message: MESSAGES.fileExpandsTooMuch });
  });

  it('takes the declared size at its word: a sheet declaring 60 MB is refused however little it holds', async () => {
    const small = sheetXml(rowXml(['Date', 'Item', 'Amount']));
    expect(await refusalOf(await handBuiltXlsx(small, { declaredSheetSize: 60 * 1024 * 1024 }))).toEqual({
      code: 'FILE_TOO_LARGE',
      status: 413,
      message: MESSAGES.fileExpandsTooMuch,
    });
  });

  it('stops inflating at the declared size: a sheet claiming 1,000 bytes that holds 2.6 MB is a damaged file', async () => {
    const lying = await handBuiltXlsx(sheetOf(['Date'], '<row><c><v>5</v></c></row>', 100_000), { declaredSheetSize: 1000 });
    expect(await refusalOf(lying, IMPORT_LIMIT)).toEqual({ code: 'FILE_UNREADABLE', status: 422, message: MESSAGES.fileNotSpreadsheet });
  });

  it('stops at the first row past the limit, by count and by row number', async () => {
    const thirtyThousand = await handBuiltXlsx(sheetOf(['Date', 'Item', 'Amount'], rowXml(['2026-11-20', 'Fuel', '5']), 30_000));
    expect(await refusalOf(thirtyThousand, IMPORT_LIMIT)).toEqual({ code: 'FILE_UNREADABLE', status: 422, message: MESSAGES.importTooManyRows });
    const eleven = sheetXml(...Array.from({ length: 12 }, (_, index) => rowXml([`row ${index + 1}`])));
    expect((await refusalOf(await handBuiltXlsx(eleven))).message).toBe('More than 10 rows.');
    const ten = sheetXml(...Array.from({ length: 11 }, (_, index) => rowXml([`row ${index + 1}`])));
    expect(await readSheetTable(await handBuiltXlsx(ten), TEN_ROWS)).toHaveLength(11);
    const farDown = sheetXml(rowXml(['Date']), '<row r="12"><c t="inlineStr"><is><t>late</t></is></c></row>');
    expect((await refusalOf(await handBuiltXlsx(farDown))).message).toBe('More than 10 rows.');
  });

  it('leaves out rows with nothing in them; a CSV counts only the others, a workbook also each row’s number', async () => {
    const blanks = sheetXml(rowXml(['Date']), ...Array.from({ length: 5 }, () => '<row><c s="1"/><c t="inlineStr"><is><t> </t></is></c></row>'), rowXml(['2026-11-20']));
    expect(await readSheetTable(await handBuiltXlsx(blanks), TEN_ROWS)).toEqual([
      { line: 1, cells: ['Date'] },
      { line: 7, cells: ['2026-11-20'] },
    ]);
    const csv = Buffer.from(`Date,Amount\n${'\n'.repeat(30)},\n2026-11-20,5\n`);
    expect(await readSheetTable(csv, TEN_ROWS)).toEqual([
      { line: 1, cells: ['Date', 'Amount'] },
      { line: 33, cells: ['2026-11-20', '5'] },
    ]);
    const elevenLines = Buffer.from(Array.from({ length: 12 }, (_, index) => `row ${index + 1}`).join('\n'));
    expect((await refusalOf(elevenLines)).message).toBe('More than 10 rows.');
  });
});
