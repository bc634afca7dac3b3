import { describe, expect, it } from 'vitest';
import { payrollLayoutSchema, type PayrollLayout } from '@kobo/core';
import { deductionOptions, describeLayout, formProblems, newLayout, withShape } from './layout-form-values.ts';

const ORDINARY = 'contribution:00000000-0000-4000-8000-000000000001';
const generic: PayrollLayout = payrollLayoutSchema.parse({
  id: 'generic',
  builtIn: true,
  updatedAt: null,
  name: 'Generic',
  shape: 'wide',
  format: 'xlsx',
  dateFormat: 'YYYY-MM',
  numberFormat: 'naira',
  columns: [
    { field: 'staff_id', header: 'Staff ID' },
    { field: 'name', header: 'Name' },
    { field: 'deduction', header: 'Ordinary savings', keys: [ORDINARY] },
    { field: 'deduction', header: 'Loan repayment', keys: ['loan'] },
    { field: 'total', header: 'Total' },
  ],
  codes: [],
});

describe('the payroll layout form', () => {
  it('offers the generic layout deductions by their headings', () => {
    expect(deductionOptions(generic)).toEqual([
      { value: ORDINARY, label: 'Ordinary savings' },
      { value: 'loan', label: 'Loan repayment' },
    ]);
  });

  it('switches a new layout to long with a code and amount column and a code to fill in per deduction', () => {
    const long = withShape(newLayout(generic), 'long', deductionOptions(generic));
    expect(long.columns.map((column) => column.field)).toEqual(['staff_id', 'name', 'code', 'amount']);
    expect(long.codes).toEqual([
      { code: '', keys: [ORDINARY] },
      { code: '', keys: ['loan'] },
    ]);
    expect(formProblems(long)).toEqual({ name: 'Give the layout a name.', codes: 'Every code needs a value.' });
    expect(formProblems({ ...long, name: 'IPPIS', codes: [{ code: 'COOP01', keys: [ORDINARY] }, { code: 'COOP02', keys: ['loan'] }] })).toEqual({});
  });

  it('describes a layout in one line', () => {
    expect(describeLayout(generic)).toBe('A row per member · .xlsx · Staff ID, Name, Ordinary savings, Loan repayment, Total');
  });
});
