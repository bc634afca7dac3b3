/** What every Kobo workbook writes the same way: naira amounts, wall-clock times, typed text. */

/** Naira with two decimals, negatives red: a number cell, so sums work in the spreadsheet. */
export const NAIRA_FORMAT = '"₦"#,##0.00;[Red]-"₦"#,##0.00';

/** The one place money leaves integers: a spreadsheet's number cell holds naira. */
export function nairaCell(kobo: number): number {
  return kobo / 100;
}

/**
 * A sheet has no time zones: a date cell shows its UTC fields. So an instant is written as the
 * organisation's wall-clock time, as UTC fields.
 */
export function wallClockCell(instant: Date, timeZone: string): Date {
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return new Date(`${local.replace(' ', 'T')}Z`);
}

/** Excel's built-in Text number format (numFmtId 49). */
export const TEXT_FORMAT = '@';

type ColumnHeading = { header: string; key: string; width: number };

/**
 * A column of text people typed (titles, descriptions, names, emails): every cell in it is a
 * string cell in the Text number format, so the sheet shows the value exactly as typed, `=1+1`
 * included, and it never runs. A string cell is never a formula, and Excel keeps whatever is typed
 * into a Text cell as text, so editing the cell later does not turn it into one either. Every
 * workbook declares its typed-text columns through this one helper.
 *
 * Not the quotePrefix cell style (what Excel itself writes for text typed after an apostrophe):
 * exceljs 4.4.0, the newest release, neither writes nor reads it, and adding it would mean
 * patching exceljs's private style writer (lib/xlsx/xform/style) or rewriting styles.xml in the
 * finished zip. Not a leading apostrophe in the value either, as before: that one is stored, so a
 * person saw `'=1+1` and a reader got something other than what was typed.
 */
export function typedTextColumn<Column extends ColumnHeading>(column: Column): Column & { style: { numFmt: typeof TEXT_FORMAT } } {
  return { ...column, style: { numFmt: TEXT_FORMAT } };
}
