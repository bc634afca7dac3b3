import { Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { AmountInput } from '../../../components/amount-input.tsx';

type Props = {
  switchLabel: string;
  switchDescription: string;
  amountLabel: string;
  isOn: boolean;
  onIsOnChange: (isOn: boolean) => void;
  amount: string | number;
  onAmountChange: (amount: string) => void;
  /** The amount's problem, shown under it; cleared by the form when either control changes. */
  error: string | null;
  onEdit: () => void;
};

/**
 * A rule that applies above an amount, off until switched on (Settings: receipts required above,
 * a second administrator above): the switch, and the amount once it is on.
 */
export function ThresholdField({ switchLabel, switchDescription, amountLabel, isOn, onIsOnChange, amount, onAmountChange, error, onEdit }: Props) {
  return (
    <Stack gap="xs">
      <Switch
        label={switchLabel}
        description={switchDescription}
        checked={isOn}
        onChange={(event) => {
          onIsOnChange(event.currentTarget.checked);
          onEdit();
        }}
      />
      {isOn && (
        <AmountInput
          label={amountLabel}
          value={amount}
          onChange={(value) => {
            onAmountChange(value);
            onEdit();
          }}
          error={error}
          required
        />
      )}
    </Stack>
  );
}
