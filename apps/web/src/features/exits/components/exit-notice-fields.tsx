import { NativeSelect, TextInput } from '@mantine/core';
import { EXIT_REASONS, EXIT_REASON_LABELS, type ExitReason } from '@kobo/core';

export const REASON_CHOICES = EXIT_REASONS.map((reason) => ({ value: reason, label: EXIT_REASON_LABELS[reason] }));

export function isExitReason(value: string | null): value is ExitReason {
  return (EXIT_REASONS as readonly (string | null)[]).includes(value);
}

type Props = {
  reason: ExitReason | null;
  onReason: (reason: ExitReason) => void;
  leavingDate: string;
  onLeavingDate: (day: string) => void;
  today: string | null;
  errorOf: (field: 'reason' | 'leavingDate') => string | boolean | null;
  /** A member leaving of their own accord does not choose death or expulsion. */
  reasons?: readonly ExitReason[];
};

/** The reason and the leaving date, as the officer's and the member's notice both ask them. */
export function ExitNoticeFields({ reason, onReason, leavingDate, onLeavingDate, today, errorOf, reasons = EXIT_REASONS }: Props) {
  return (
    <>
      <NativeSelect
        label="Reason"
        data={[{ value: '', label: 'Choose the reason', disabled: true }, ...REASON_CHOICES.filter((choice) => reasons.includes(choice.value))]}
        value={reason ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isExitReason(value)) onReason(value);
        }}
        error={errorOf('reason')}
        required
      />
      <TextInput
        type="date"
        label="Leaving date"
        description="The member's last day in the scheme: today or later."
        value={leavingDate}
        min={today ?? undefined}
        onChange={(event) => onLeavingDate(event.currentTarget.value)}
        error={errorOf('leavingDate')}
        required
      />
    </>
  );
}
