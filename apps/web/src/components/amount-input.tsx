import type { ReactNode, Ref } from 'react';
import { NumberInput } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';

type Props = {
  value: string | number;
  onChange: (value: string | number) => void;
  label?: string;
  description?: string;
  /** A problem with this amount, shown under it. */
  error?: string | null;
  required?: boolean;
  /** In a table row, where the column heading shows the label: the label is only read out. */
  isLabelHidden?: boolean;
  leftSection?: ReactNode;
  /** The input itself, for a form that puts focus back on the amount (the expense form's Add and new). */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Naira as typed, kept as the input gives it: core's schemas turn it into kobo without float
 * arithmetic. SPEC 5/9: minimum 0, step 0.01; arrow keys step by a kobo. The expense form and the
 * savings forms share it.
 */
export function AmountInput({ value, onChange, label = 'Amount (₦)', description, error, required, isLabelHidden, leftSection, inputRef }: Props) {
  return (
    <NumberInput
      ref={inputRef}
      label={isLabelHidden ? undefined : label}
      aria-label={isLabelHidden ? label : undefined}
      description={description}
      error={error}
      required={required}
      leftSection={leftSection}
      value={value}
      onChange={onChange}
      min={0}
      step={0.01}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=","
      hideControls
      inputMode="decimal"
      autoComplete="off"
    />
  );
}
