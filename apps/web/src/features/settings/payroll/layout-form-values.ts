import { layoutProblems, type LayoutField, type LayoutShape, type PayrollLayout, type PayrollLayoutInput } from '@kobo/core';

export const FIELD_LABELS: Record<LayoutField, string> = {
  staff_id: 'Staff ID',
  name: 'Name',
  month: 'Month',
  deduction: 'Deduction',
  total: 'Total',
  code: 'Deduction code',
  amount: 'Amount',
};
const SHAPE_FIELDS: Record<LayoutShape, LayoutField[]> = {
  wide: ['staff_id', 'name', 'month', 'deduction', 'total'],
  long: ['staff_id', 'name', 'month', 'code', 'amount'],
};
export const NUMBER_FORMAT_LABELS = { naira: 'Naira (1250.50)', naira_commas: 'Naira with commas (1,250.50)', kobo: 'Whole kobo (125050)' } as const;

/** The column contents a layout of this shape may have. */
export function fieldsFor(shape: LayoutShape): LayoutField[] {
  return SHAPE_FIELDS[shape];
}

/** The deductions a layout may carry, as the generic layout names them (its deduction columns). */
export function deductionOptions(generic: PayrollLayout): { value: string; label: string }[] {
  return generic.columns.flatMap((column) => (column.field === 'deduction' ? (column.keys ?? []).map((key) => ({ value: key, label: column.header })) : []));
}

/** A new layout starts as a copy of the generic one: a column per deduction, as CSV. */
export function newLayout(generic: PayrollLayout): PayrollLayoutInput {
  return { name: '', shape: 'wide', format: 'csv', dateFormat: generic.dateFormat, numberFormat: generic.numberFormat, columns: generic.columns, codes: [] };
}

/**
 * A shape switched: the columns that shape allows, and a long layout's code and amount columns
 * (each deduction its own code to fill in), so the form never starts from a layout it would refuse.
 */
export function withShape(layout: PayrollLayoutInput, shape: LayoutShape, deductions: readonly { value: string; label: string }[]): PayrollLayoutInput {
  if (shape === layout.shape) return layout;
  const kept = layout.columns.filter((column) => ['staff_id', 'name', 'month'].includes(column.field));
  if (shape === 'long') {
    return {
      ...layout,
      shape,
      columns: [...kept, { field: 'code', header: 'Code' }, { field: 'amount', header: 'Amount' }],
      codes: layout.codes.length > 0 ? layout.codes : deductions.map((deduction) => ({ code: '', keys: [deduction.value] })),
    };
  }
  return { ...layout, shape, columns: [...kept, ...deductions.map((deduction) => ({ field: 'deduction' as const, header: deduction.label, keys: [deduction.value] })), { field: 'total', header: 'Total' }], codes: [] };
}

/** The form's problems by field ('name', 'columns', 'codes'), as the server would refuse them. */
export function formProblems(layout: PayrollLayoutInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!layout.name.trim()) problems.name = 'Give the layout a name.';
  for (const problem of layoutProblems(layout)) problems[problem.field] ??= problem.message;
  return problems;
}

/** One line under a layout's name: shape, format and its columns in order. */
export function describeLayout(layout: PayrollLayout): string {
  const shape = layout.shape === 'wide' ? 'A row per member' : 'A row per deduction';
  return `${shape} · ${layout.format === 'csv' ? 'CSV' : '.xlsx'} · ${layout.columns.map((column) => column.header).join(', ')}`;
}
