import { TextInput } from '@mantine/core';
import type { ValueDateState } from '../lib/use-value-date.ts';

const SAVINGS_DESCRIPTION = 'The day the money counts for. Leave it on today unless it belongs to an earlier day.';

/**
 * 'Value date': the day the money counts for, never after today; its error is shown under it.
 * A loan's screens say what the day means for them (paid out, arrived).
 */
export function ValueDateInput({ state, error, description = SAVINGS_DESCRIPTION }: { state: ValueDateState; error: string | boolean | null; description?: string }) {
  return (
    <TextInput
      type="date"
      label="Value date"
      description={description}
      value={state.value}
      max={state.today ?? undefined}
      error={error}
      onChange={(event) => state.set(event.currentTarget.value)}
    />
  );
}
