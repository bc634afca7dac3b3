import { DEFAULT_EXPENSE_TIME_FILTER, EXPENSE_TIME_FILTERS, type ExpenseTimeFilter } from '@kobo/core';

/** SPEC "Expenses list": the time filter's words, in the spec's order. */
export const TIME_FILTER_LABELS: Record<ExpenseTimeFilter, string> = {
  all: 'All Time',
  yesterday: 'Yesterday',
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
};

export const TIME_FILTER_OPTIONS = EXPENSE_TIME_FILTERS.map((value) => ({ value, label: TIME_FILTER_LABELS[value] }));

export const ALL_ITEMS = 'all';

/** SPEC 3: `title` is shown as the description when there is none. */
export function expenseText(expense: { description: string | null; title: string | null }): string | null {
  return expense.description ?? expense.title;
}

export function countLabel(count: number): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? 'expense' : 'expenses'}`;
}

/** A time filter from an address or a select; anything else is the default, Today. */
export function toTimeFilter(value: string | null | undefined): ExpenseTimeFilter {
  return EXPENSE_TIME_FILTERS.find((filter) => filter === value) ?? DEFAULT_EXPENSE_TIME_FILTER;
}
