import { useState } from 'react';
import { isSupportedDate, MESSAGES, defaultRunDescription, type BatchDraft, type PayrollMonth } from '@kobo/core';
import { useOrgToday } from '../../../../lib/org-calendar.ts';
import { useRunPreparation } from '../../api/get-run-preparation.ts';

/**
 * The run's month, value date and description, shared by Prepare and Upload. The month starts as
 * this month in the organisation's zone; the value date (payday) and description follow the month
 * from the server until the admin changes them.
 */
export function useRunSettings() {
  const { today } = useOrgToday();
  const [chosenMonth, setChosenMonth] = useState<PayrollMonth | null>(null);
  const [chosenValueDate, setChosenValueDate] = useState<string | null>(null);
  const [chosenDescription, setChosenDescription] = useState<string | null>(null);
  const [errors, setErrors] = useState<RunSettingErrors>({});
  const month = chosenMonth ?? today?.slice(0, 7) ?? null;
  const preparation = useRunPreparation(month);
  // While another month loads, the previous month's answer stays on screen; its defaults do not apply.
  const prepared = preparation.data && preparation.data.month === month ? preparation.data : null;
  const valueDate = chosenValueDate ?? prepared?.valueDate ?? '';
  const description = chosenDescription ?? prepared?.description ?? (month ? defaultRunDescription(month) : '');

  return {
    today,
    month,
    valueDate,
    description,
    preparation,
    /** This month's earlier batch, if one was posted: the warning to read before preparing another. */
    earlierBatch: prepared?.earlierBatch ?? null,
    /** Problems shown under each field: the browser's own checks, or the server's (its `field`). */
    errors,
    showError: (field: keyof RunSettingErrors, message: string) => setErrors({ [field]: message }),
    setMonth(next: PayrollMonth) {
      setChosenMonth(next);
      setChosenValueDate(null);
      setChosenDescription(null);
      setErrors({});
    },
    setValueDate(next: string) {
      setChosenValueDate(next);
      setErrors({});
    },
    setDescription: (next: string) => setChosenDescription(next),
    /**
     * The draft's settings, or null after saying under the field what is wrong. A blank value date
     * or description is left to the server's defaults.
     */
    draftBase(): Omit<BatchDraft, 'rows'> | null {
      if (!month) {
        setErrors({ month: MESSAGES.chooseMonth });
        return null;
      }
      const valueDateProblem = !valueDate ? null : !isSupportedDate(valueDate) ? MESSAGES.invalidDate : today && valueDate > today ? MESSAGES.valueDateInFuture : null;
      setErrors(valueDateProblem ? { valueDate: valueDateProblem } : {});
      if (valueDateProblem) return null;
      return { month, valueDate: valueDate || null, description: description.trim() || null };
    },
  };
}

export type RunSettingErrors = { month?: string; valueDate?: string; description?: string };

export type RunSettings = ReturnType<typeof useRunSettings>;
