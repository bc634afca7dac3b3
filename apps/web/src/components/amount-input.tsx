import { type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { TextInput } from '@mantine/core';
import { plainAmount, stepAmount, withSeparators } from '../lib/amount-text.ts';

type Props = {
  value: string | number;
  /** The amount as typed, without separators ('1234.5'), or '' when empty. */
  onChange: (value: string) => void;
  label?: string;
  description?: string;
  /** A problem with this amount, shown under it. */
  error?: string | boolean | null;
  required?: boolean;
  /** In a table row, where the column heading shows the label: the label is only read out. */
  isLabelHidden?: boolean;
  leftSection?: ReactNode;
  /** The input itself, for a form that puts focus back on the amount (the expense form's Add and new). */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Naira as typed, shown with thousands separators (1,234.50): core's schemas turn it into kobo
 * without float arithmetic. SPEC 5/9: no negatives, two decimals at most; the arrow keys step by a
 * kobo. A plain text field with its own small formatting (lib/amount-text.ts) rather than Mantine's
 * NumberInput, whose formatting library (react-number-format) is heavier (issue 13).
 */
export function AmountInput({ value, onChange, label = 'Amount (₦)', description, error, required, isLabelHidden, leftSection, inputRef }: Props) {
  const shown = withSeparators(String(value));

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const typed = input.value;
    const plain = plainAmount(typed);
    // A keystroke that is not part of an amount is undone where it happened.
    const next = plain === null ? shown : withSeparators(plain);
    const caret = caretAfter(typed, input.selectionStart ?? typed.length, next, plain === null ? -1 : 0);
    input.value = next;
    input.setSelectionRange(caret, caret);
    if (plain !== null && plain !== String(value).replace(/,/g, '')) onChange(plain);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onChange(stepAmount(String(value), event.key === 'ArrowUp' ? 1 : -1));
  }

  return (
    <TextInput
      ref={inputRef}
      label={isLabelHidden ? undefined : label}
      aria-label={isLabelHidden ? label : undefined}
      description={description}
      error={error}
      required={required}
      leftSection={leftSection}
      value={shown}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      inputMode="decimal"
      autoComplete="off"
    />
  );
}

/** Where the caret goes after reformatting: after as many digits and points as stood before it. */
function caretAfter(typed: string, caret: number, next: string, shift: number): number {
  const kept = typed.slice(0, caret).replace(/[^\d.]/g, '').length + shift;
  if (kept <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < next.length; index += 1) {
    if (/[\d.]/.test(next[index]!)) seen += 1;
    if (seen === kept) return index + 1;
  }
  return next.length;
}
