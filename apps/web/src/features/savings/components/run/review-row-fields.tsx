import { NativeSelect, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import type { ReviewedRow } from '@kobo/core';
import { ROW_TYPE_OPTIONS, rowName } from './run-labels.ts';
import type { EditableRow, RunReview } from './use-run-review.ts';

/** A reviewed row beside what the admin has made of it since: null once dropped. */
export type ShownRow = { reviewed: ReviewedRow; current: EditableRow | null; isChanged: boolean };

export type FieldProps = { row: ShownRow; run: RunReview };

/** The fields a refused row is fixed in, in place (issue 11; the loan repayment, issue 12). */

type EditProps = FieldProps & {
  /** On a phone card, where no column heading names the field, its label shows above it. */
  isLabelShown?: boolean;
};

/** The field's visible label on a card; its accessible name (with the line) either way. */
function labels(name: string, row: ShownRow['reviewed'], isLabelShown: boolean | undefined) {
  return { label: isLabelShown ? name : undefined, 'aria-label': `${name}, ${rowName(row).toLowerCase()}` };
}

export function RefInput({ row, run, isLabelShown }: EditProps) {
  return (
    <TextInput
      size="xs"
      {...labels('Staff ID or email', row.reviewed, isLabelShown)}
      value={row.current?.ref ?? ''}
      onChange={(event) => run.edit(row.reviewed.line, { ref: event.currentTarget.value })}
      miw={0}
    />
  );
}

/** A text field, not a number field: what payroll wrote ('12.345') must show as written to be fixed. */
export function AmountField({ row, run, isLabelShown }: EditProps) {
  return (
    <TextInput
      size="xs"
      {...labels('Amount', row.reviewed, isLabelShown)}
      inputMode="decimal"
      value={row.current?.amount ?? ''}
      onChange={(event) => run.edit(row.reviewed.line, { amount: event.currentTarget.value })}
      miw={0}
    />
  );
}

/** Issue 29: another savings product's amount on the row, as the amount: text as written, blank for none. */
export function ProductField({ row, run, isLabelShown, productId, productName }: EditProps & { productId: string; productName: string }) {
  return (
    <TextInput
      size="xs"
      {...labels(productName, row.reviewed, isLabelShown)}
      inputMode="decimal"
      value={row.current?.products[productId] ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        run.edit(row.reviewed.line, { products: { ...row.current?.products, [productId]: value } });
      }}
      miw={0}
    />
  );
}

/** As the amount: text as written, blank for none. */
export function RepaymentField({ row, run, isLabelShown }: EditProps) {
  return (
    <TextInput
      size="xs"
      {...labels('Loan repayment', row.reviewed, isLabelShown)}
      inputMode="decimal"
      value={row.current?.loanRepayment ?? ''}
      onChange={(event) => run.edit(row.reviewed.line, { loanRepayment: event.currentTarget.value })}
      miw={0}
    />
  );
}

export function TypeField({ row, run, isLabelShown }: EditProps) {
  const type = (row.current?.type ?? '').trim().toLowerCase();
  // An unreadable type ('Credit') stays on offer as written, so the select shows what is wrong.
  const isKnown = type === '' || ROW_TYPE_OPTIONS.some((option) => option.value === type);
  const data = isKnown ? ROW_TYPE_OPTIONS : [{ value: row.current?.type ?? '', label: row.current?.type ?? '' }, ...ROW_TYPE_OPTIONS];
  return (
    <NativeSelect
      size="xs"
      {...labels('Type', row.reviewed, isLabelShown)}
      data={data}
      value={isKnown ? type || 'deposit' : (row.current?.type ?? '')}
      onChange={(event) => run.edit(row.reviewed.line, { type: event.currentTarget.value })}
      miw={0}
    />
  );
}
