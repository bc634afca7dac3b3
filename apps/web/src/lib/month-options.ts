import { monthLabel, type IsoDate, type PayrollMonth } from '@kobo/core';

/** How far back a run may be prepared: three years of payroll months. */
const MONTHS_OFFERED = 36;

/** 'YYYY-MM' `count` months before `month`. */
function monthsBefore(month: PayrollMonth, count: number): PayrollMonth {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) - count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The months a run (or a payroll advice) may be for, newest first: this month (in the organisation's zone) and the ones
 * before it. No later month: its value date would be in the future.
 */
export function monthOptions(today: IsoDate): { value: PayrollMonth; label: string }[] {
  const current = today.slice(0, 7);
  return Array.from({ length: MONTHS_OFFERED }, (_, index) => {
    const month = monthsBefore(current, index);
    return { value: month, label: monthLabel(month) };
  });
}
