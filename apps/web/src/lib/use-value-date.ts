import { useState } from 'react';
import { LATEST_DATE, valueDateProblemOn, type IsoDate } from '@kobo/core';
import { useOrgToday } from './org-calendar.ts';

/**
 * An admin's optional value date (issue 11): today in the organisation's zone until they choose
 * an earlier day. Today is sent as nothing, so the server's own today decides, even for a form
 * left open past midnight.
 */
export function useValueDate() {
  const { today } = useOrgToday();
  const [chosen, setChosen] = useState<IsoDate | null>(null);
  const value = chosen ?? today ?? '';

  return {
    value,
    /** The input's max: no day after today. */
    today,
    set: (next: string) => setChosen(next),
    reset: () => setChosen(null),
    /** What the server would say, checked first so it is read next to the field. */
    problem(): string | null {
      if (!value) return null;
      // Until the organisation's calendar has loaded, only the date's shape can be judged.
      return valueDateProblemOn(value, today ?? LATEST_DATE);
    },
    /** The body's field: absent for today or blank. */
    field(): { valueDate?: IsoDate } {
      return value && value !== today ? { valueDate: value } : {};
    },
  };
}

export type ValueDateState = ReturnType<typeof useValueDate>;
