import { TextInput } from '@mantine/core';
import type { ValueDateState } from './use-value-date.ts';

/** 'Value date': the day the money counts for, never after today; its error is shown under it. */
export function ValueDateInput({ state, error }: { state: ValueDateState; error: string | null }) {
  return (
    <TextInput
      type="date"
      label="Value date"
      description="The day the money counts for. Leave it on today unless it belongs to an earlier day."
      value={state.value}
      max={state.today ?? undefined}
      error={error}
      onChange={(event) => state.set(event.currentTarget.value)}
    />
  );
}
