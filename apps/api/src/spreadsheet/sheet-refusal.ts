/**
 * Why a file was refused, as the reading worker says it: plain data that crosses the thread
 * boundary. read-sheet-table.ts turns each into its sentence (packages/core's messages).
 */
export type SheetRefusalReason = 'notSpreadsheet' | 'empty' | 'hiddenSheet' | 'formulas' | 'mergedCells' | 'tooManyRows' | 'expandsTooMuch';

export class SheetRefusal extends Error {
  readonly reason: SheetRefusalReason;

  constructor(reason: SheetRefusalReason) {
    super(reason);
    this.reason = reason;
  }
}

/** A cell as a person wrote it: text, or a number (an amount, or an Excel date as its serial day). */
export type SheetCell = string | number;
/** A non-empty row and its number in the sheet (the header is row 1). */
export type SheetRow = { line: number; cells: SheetCell[] };

/**
 * What one reading may take. `maxRows` is the rows under the header: reading stops at the first
 * row past it. `maxExpandedBytes` is the most the parts Kobo reads may hold once inflated, as their
 * zip entries declare before anything is inflated.
 */
export type SheetLimits = { maxRows: number; maxExpandedBytes: number };
