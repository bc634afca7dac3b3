/** What every Kobo workbook writes the same way: naira amounts, wall-clock times, inert text. */

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

/**
 * Text that a spreadsheet (or a CSV made from this sheet) could take for a formula gets a leading
 * apostrophe. exceljs has no quotePrefix style, and a plain string cell is inert only until someone
 * edits it or copies it elsewhere.
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
