import { NumberInput } from '@mantine/core';

type Props = {
  value: string | number;
  onChange: (value: string | number) => void;
  label?: string;
  description?: string;
};

/**
 * Naira as typed, kept as the input gives it: the schema in core turns it into kobo without float
 * arithmetic. SPEC 5/9: minimum 0, step 0.01; arrow keys step by a kobo.
 */
export function AmountInput({ value, onChange, label = 'Amount (₦)', description }: Props) {
  return (
    <NumberInput
      label={label}
      description={description}
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
