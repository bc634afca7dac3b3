import { SheetRefusal, type SheetCell, type SheetRow } from './sheet-refusal.ts';
import type { XmlAttributes, XmlHandler } from './xml-scanner.ts';

export type SheetContext = { maxRows: number; sharedStrings: string[]; dateStyles: boolean[]; isDate1904: boolean };

/** Excel's last column (XFD): a cell further right is no sheet's. */
const MAX_COLUMNS = 16_384;
const MILLISECONDS_A_DAY = 86_400_000;

type OpenCell = { column: number; type: string; style: number; value: string[] | null; inline: string[] | null };

/**
 * A worksheet's non-empty rows, streamed: `read` runs the sheet part through the handler built
 * here, which keeps one row at a time and refuses as soon as it can. Refused: a formula (a cached
 * result may be stale), merged cells, and a row with a value past the header and `maxRows` rows
 * under it, by count or by its row number, at which point reading stops.
 */
export async function readSheetRows(read: (handler: XmlHandler) => Promise<void>, context: SheetContext): Promise<SheetRow[]> {
  const lastLine = context.maxRows + 1;
  const rows: SheetRow[] = [];
  let row: SheetRow | null = null;
  let nextLine = 1;
  let nextColumn = 1;
  let cell: OpenCell | null = null;
  let textTarget: string[] | null = null;
  let phoneticDepth = 0;

  await read({
    open(name: string, attributes: XmlAttributes) {
      switch (name) {
        case 'row':
          row = { line: attributes.r ? Number.parseInt(attributes.r, 10) : nextLine, cells: [] };
          if (!(row.line >= 1)) throw new SheetRefusal('notSpreadsheet');
          nextLine = row.line + 1;
          nextColumn = 1;
          break;
        case 'c':
          cell = { column: attributes.r ? columnOf(attributes.r) : nextColumn, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: null, inline: null };
          nextColumn = cell.column + 1;
          break;
        case 'f':
          throw new SheetRefusal('formulas');
        case 'v':
          if (cell) textTarget = cell.value = [];
          break;
        case 'is':
          if (cell) cell.inline = [];
          break;
        case 'rPh':
          phoneticDepth += 1;
          break;
        case 't':
          if (cell?.inline && phoneticDepth === 0) textTarget = cell.inline;
          break;
        case 'mergeCell':
          throw new SheetRefusal('mergedCells');
      }
    },
    close(name: string) {
      switch (name) {
        case 'v':
        case 't':
          textTarget = null;
          break;
        case 'rPh':
          phoneticDepth -= 1;
          break;
        case 'c':
          if (row && cell) {
            const value = cellValue(cell, context);
            if (value !== '') row.cells[cell.column - 1] = value;
          }
          cell = null;
          break;
        case 'row':
          if (row && row.cells.some((value) => String(value).trim() !== '')) {
            // The first row past the limit, by its place or by how many came before: stop here.
            if (row.line > lastLine || rows.length >= lastLine) throw new SheetRefusal('tooManyRows');
            rows.push({ line: row.line, cells: Array.from(row.cells, (value) => value ?? '') });
          }
          row = null;
          break;
      }
    },
    text(text: string) {
      textTarget?.push(text);
    },
  });
  return rows;
}

/** Excel's escape for a character XML cannot hold (`_x000D_`), as ExcelJS read it. */
export function unescapeExcelText(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-F]{4})_/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;
}

/** `AB12` → 28. */
function columnOf(reference: string): number {
  let column = 0;
  for (const character of reference) {
    const code = character.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > MAX_COLUMNS) throw new SheetRefusal('notSpreadsheet');
  }
  if (column === 0) throw new SheetRefusal('notSpreadsheet');
  return column;
}

/**
 * A cell as text or a number, as ExcelJS's reading gave it before: shared and inline strings as
 * their text, booleans as true/false, errors as written (#N/A), numbers in a date format as their
 * day (YYYY-MM-DD), other numbers as numbers.
 */
function cellValue(cell: OpenCell, context: SheetContext): SheetCell {
  const written = cell.value?.join('');
  switch (cell.type) {
    case 'inlineStr':
      return unescapeExcelText(cell.inline?.join('') ?? written ?? '');
    case 's': {
      if (written === undefined || written.trim() === '') return '';
      const text = context.sharedStrings[Number(written)];
      if (text === undefined) throw new SheetRefusal('notSpreadsheet');
      return text;
    }
    case 'b':
      return written === undefined ? '' : String(Number.parseInt(written, 10) !== 0);
    case 'str':
    case 'e':
      return written ?? '';
    case 'd':
      return written === undefined ? '' : /^\d{4}-\d{2}-\d{2}/.test(written) ? written.slice(0, 10) : written;
    default: {
      if (written === undefined || written.trim() === '') return '';
      const number = Number.parseFloat(written);
      if (!Number.isFinite(number)) return written;
      return context.dateStyles[cell.style] ? (dayOf(number, context.isDate1904) ?? number) : number;
    }
  }
}

/** An Excel serial day as YYYY-MM-DD (day 25,569 is 1 Jan 1970; a 1904 workbook counts 1,462 days later). */
function dayOf(serial: number, isDate1904: boolean): string | null {
  const date = new Date(Math.round((serial - 25_569 + (isDate1904 ? 1_462 : 0)) * MILLISECONDS_A_DAY));
  const year = date.getUTCFullYear();
  return Number.isNaN(year) || year < 1 || year > 9999 ? null : date.toISOString().slice(0, 10);
}
