import { parse } from 'csv-parse/sync';
import { SheetRefusal, type SheetRow } from './sheet-refusal.ts';

/** UTF-8 (with or without a byte-order mark) and UTF-16 with its mark, as spreadsheet programs save CSV. */
function decodeText(bytes: Uint8Array): string {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new SheetRefusal('notSpreadsheet');
  }
}

/** Thrown from csv-parse's record callback to stop it at the first row past the limit. */
class PastTheLimit extends Error {}

/**
 * A CSV's non-blank records, each with its record number as its line (the header is 1; a blank
 * line still counts, as a spreadsheet program numbers it). Parsing stops at the first non-blank
 * record past the header and `maxRows` rows under it.
 */
export function readCsvRows(bytes: Uint8Array, maxRows: number): SheetRow[] {
  const text = decodeText(bytes);
  // A NUL is never in a CSV a person saved: this is a binary file (an old .xls, a PDF, an image).
  if (text.includes('\u0000')) throw new SheetRefusal('notSpreadsheet');
  const rows: SheetRow[] = [];
  try {
    parse(text, {
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      trim: true,
      on_record: (cells: string[], context) => {
        if (!cells.some((cell) => cell !== '')) return null;
        if (rows.length > maxRows) throw new PastTheLimit();
        rows.push({ line: context.records, cells });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof PastTheLimit || (error instanceof Error && error.cause instanceof PastTheLimit)) throw new SheetRefusal('tooManyRows');
    throw new SheetRefusal('notSpreadsheet');
  }
  return rows;
}
