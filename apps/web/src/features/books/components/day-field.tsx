import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isSupportedDate, type IsoDate } from '@kobo/core';

type Props = { label: string; value: IsoDate | null; onChange: (day: IsoDate) => void; error?: string | null };

/**
 * A day for a report. What is typed is kept here and reaches the address once it is a whole day
 * and typing has paused, so a year typed digit by digit (0002, 0020, 0202, 2026) asks the server once.
 */
export function DayField({ label, value, onChange, error }: Props) {
  const [draft, setDraft] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // The address changed from outside (Back, another link): show its day.
  if (value !== shown) {
    setShown(value);
    setDraft(value ?? '');
  }
  const [settled] = useDebouncedValue(draft, 400);
  useEffect(() => {
    if (settled !== value && isSupportedDate(settled)) onChange(settled);
    // onChange is a new function each render; the settled day alone decides.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <TextInput
      type="date"
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      error={error}
      miw={150}
    />
  );
}
