import { MAX_AMOUNT_KOBO, parseNaira, type Kobo } from '../money.ts';

/**
 * A payroll provider's file layout (issue 30): the columns payroll's system reads and writes, in
 * order. The built-in generic layout (id 'generic') is staff ID, name, one column per deduction and
 * the total, as .xlsx. A scheme saves its own per provider, e.g. a government payroll that wants one
 * row per member and deduction with its cooperative deduction code.
 */
export const GENERIC_LAYOUT_ID = 'generic';
export const LAYOUT_SHAPES = ['wide', 'long'] as const;
export const LAYOUT_FORMATS = ['csv', 'xlsx'] as const;
/** How the month is written in a 'month' column. */
export const LAYOUT_DATE_FORMATS = ['YYYY-MM', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/YYYY', 'YYYYMM'] as const;
/** How amounts are written: naira with two decimals (1250.50), the same with commas (1,250.50), or whole kobo (125050). */
export const LAYOUT_NUMBER_FORMATS = ['naira', 'naira_commas', 'kobo'] as const;
/**
 * A column's content. Wide: staff_id, name, month, deduction (the deductions its `keys` name,
 * summed) and total. Long: staff_id, name, month, code (the deduction's code) and amount.
 */
export const LAYOUT_FIELDS = ['staff_id', 'name', 'month', 'deduction', 'total', 'code', 'amount'] as const;

export type LayoutShape = (typeof LAYOUT_SHAPES)[number];
export type LayoutFormat = (typeof LAYOUT_FORMATS)[number];
export type LayoutDateFormat = (typeof LAYOUT_DATE_FORMATS)[number];
export type LayoutNumberFormat = (typeof LAYOUT_NUMBER_FORMATS)[number];
export type LayoutField = (typeof LAYOUT_FIELDS)[number];

/** `keys` only for a 'deduction' column: the deduction keys it carries (deductions.ts). */
export type LayoutColumn = { field: LayoutField; header: string; keys?: string[] };
/** A long layout's code for a group of deductions. */
export type LayoutCode = { code: string; keys: string[] };

export type PayrollLayoutRules = {
  shape: LayoutShape;
  format: LayoutFormat;
  dateFormat: LayoutDateFormat;
  numberFormat: LayoutNumberFormat;
  columns: LayoutColumn[];
  codes: LayoutCode[];
};

/** The generic layout for an advice's deductions (`deductions`: key and label, in the advice's order). */
export function genericLayout(deductions: readonly { key: string; label: string }[]): PayrollLayoutRules & { id: string; name: string } {
  return {
    id: GENERIC_LAYOUT_ID,
    name: 'Generic',
    shape: 'wide',
    format: 'xlsx',
    dateFormat: 'YYYY-MM',
    numberFormat: 'naira',
    columns: [
      { field: 'staff_id', header: 'Staff ID' },
      { field: 'name', header: 'Name' },
      ...deductions.map((deduction): LayoutColumn => ({ field: 'deduction', header: deduction.label, keys: [deduction.key] })),
      { field: 'total', header: 'Total' },
    ],
    codes: [],
  };
}

/**
 * What is wrong with a layout's rules, as [field, sentence] pairs (empty when none): the server
 * refuses a layout with any, beside the field named.
 */
export function layoutProblems(rules: PayrollLayoutRules): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const fields = rules.columns.map((column) => column.field);
  const headers = rules.columns.map((column) => column.header.trim().toLowerCase());
  if (!fields.includes('staff_id')) problems.push({ field: 'columns', message: 'A layout needs a Staff ID column, so each line finds its member.' });
  if (new Set(headers).size !== headers.length) problems.push({ field: 'columns', message: 'Two columns have the same heading.' });
  if (headers.some((header) => header === '')) problems.push({ field: 'columns', message: 'Every column needs a heading.' });
  const allowed: readonly LayoutField[] = rules.shape === 'wide' ? ['staff_id', 'name', 'month', 'deduction', 'total'] : ['staff_id', 'name', 'month', 'code', 'amount'];
  if (fields.some((field) => !allowed.includes(field))) {
    problems.push({ field: 'columns', message: rules.shape === 'wide' ? 'A wide layout has no code or amount column: each deduction has a column of its own.' : 'A long layout has a code and an amount column, not a column per deduction.' });
  }
  if (rules.shape === 'wide' && !fields.includes('deduction') && !fields.includes('total')) problems.push({ field: 'columns', message: 'A wide layout needs a deduction column or a total column.' });
  if (rules.shape === 'wide' && rules.columns.some((column) => column.field === 'deduction' && (column.keys ?? []).length === 0)) {
    problems.push({ field: 'columns', message: 'Each deduction column names the deductions it carries.' });
  }
  if (rules.shape === 'long') {
    if (!fields.includes('code') || !fields.includes('amount')) problems.push({ field: 'columns', message: 'A long layout needs a code column and an amount column.' });
    const codes = rules.codes.map((code) => code.code.trim().toLowerCase());
    if (rules.codes.length === 0) problems.push({ field: 'codes', message: 'A long layout needs a code for each deduction.' });
    if (codes.some((code) => code === '')) problems.push({ field: 'codes', message: 'Every code needs a value.' });
    if (new Set(codes).size !== codes.length) problems.push({ field: 'codes', message: 'Two deductions have the same code.' });
    if (rules.codes.some((code) => code.keys.length === 0)) problems.push({ field: 'codes', message: 'Each code names the deductions it carries.' });
  }
  const keyed = rules.shape === 'wide' ? rules.columns.flatMap((column) => column.keys ?? []) : rules.codes.flatMap((code) => code.keys);
  if (new Set(keyed).size !== keyed.length) problems.push({ field: rules.shape === 'wide' ? 'columns' : 'codes', message: 'A deduction is in two columns or codes.' });
  return problems;
}

/** Each deduction key the layout has no column (or code) for; a 'total'-only wide layout carries all. */
export function deductionsWithoutPlace(rules: PayrollLayoutRules, keys: readonly string[]): string[] {
  if (rules.shape === 'wide' && !rules.columns.some((column) => column.field === 'deduction')) return [];
  const placed = new Set(rules.shape === 'wide' ? rules.columns.flatMap((column) => column.keys ?? []) : rules.codes.flatMap((code) => code.keys));
  return keys.filter((key) => !placed.has(key));
}

/** An amount as the layout writes it: 125050 → '1250.50', '1,250.50' or 125050. */
export function formatLayoutAmount(kobo: number, format: LayoutNumberFormat): string | number {
  if (format === 'kobo') return kobo;
  const whole = Math.trunc(kobo / 100);
  const fraction = String(kobo % 100).padStart(2, '0');
  const wholeText = format === 'naira_commas' ? whole.toLocaleString('en-US') : String(whole);
  return `${wholeText}.${fraction}`;
}

/** An amount read back in the layout's format: kobo, or null when it is not a non-negative amount. Blank is 0. */
export function parseLayoutAmount(value: string | number | null | undefined, format: LayoutNumberFormat): Kobo | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return 0 as Kobo;
  let kobo: number | null;
  if (format === 'kobo') {
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/,/g, '');
    kobo = /^\d{1,15}$/.test(text) ? Number(text) : null;
  } else {
    kobo = parseNaira(value);
  }
  return kobo === null || kobo > MAX_AMOUNT_KOBO ? null : (kobo as Kobo);
}

/** The payroll month (YYYY-MM) as the layout writes it; a day format names the month's first day. */
export function formatLayoutMonth(month: string, format: LayoutDateFormat): string {
  const [year = '', mm = ''] = month.split('-');
  switch (format) {
    case 'YYYY-MM':
      return month;
    case 'YYYY-MM-DD':
      return `${month}-01`;
    case 'DD/MM/YYYY':
      return `01/${mm}/${year}`;
    case 'MM/YYYY':
      return `${mm}/${year}`;
    case 'YYYYMM':
      return `${year}${mm}`;
  }
}
