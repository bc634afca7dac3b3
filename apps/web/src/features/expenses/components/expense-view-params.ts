import { EXPENSE_SORTS, MAX_SEARCH_LENGTH, SORT_DIRECTIONS, narrowestTimeFilter, type ExpenseSort, type SortDirection } from '@kobo/core';
import { paths } from '../../../lib/paths.ts';
import type { ExpenseFilters } from '../api/expense-query-keys.ts';
import { ALL_ITEMS, toTimeFilter } from './expense-labels.ts';

/**
 * Every filter of /expenses lives in the address (?category=&time=&q=&sort=&dir=), so a view can be
 * bookmarked or shared and Back returns to the last one; defaults are left out
 * (docs/decisions/009-expenses-screens.md, 032-find-and-scan.md).
 */
export function filtersFromParams(params: URLSearchParams): ExpenseFilters {
  return {
    category: params.get('category') ?? ALL_ITEMS,
    time: toTimeFilter(params.get('time')),
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort: EXPENSE_SORTS.find((sort) => sort === params.get('sort')) ?? 'entered',
    dir: SORT_DIRECTIONS.find((dir) => dir === params.get('dir')) ?? 'desc',
  };
}

export function paramsFromFilters(filters: ExpenseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category !== ALL_ITEMS) params.set('category', filters.category);
  if (filters.time !== 'today') params.set('time', filters.time);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== 'entered') params.set('sort', filters.sort);
  if (filters.dir !== 'desc') params.set('dir', filters.dir);
  return params;
}

/** The order control's choices: one select, each a sort and a direction. */
export const ORDER_OPTIONS: { value: `${ExpenseSort}.${SortDirection}`; label: string }[] = [
  { value: 'entered.desc', label: 'Newest entered' },
  { value: 'entered.asc', label: 'Oldest entered' },
  { value: 'date.desc', label: 'Date, newest first' },
  { value: 'date.asc', label: 'Date, oldest first' },
  { value: 'amount.desc', label: 'Amount, highest first' },
  { value: 'amount.asc', label: 'Amount, lowest first' },
];

export function orderOf(value: string | null): { sort: ExpenseSort; dir: SortDirection } {
  const [sort, dir] = (value ?? '').split('.');
  return {
    sort: EXPENSE_SORTS.find((known) => known === sort) ?? 'entered',
    dir: SORT_DIRECTIONS.find((known) => known === dir) ?? 'desc',
  };
}

/**
 * Where the list opens after a save: on the narrowest time filter that shows the saved day, so an
 * expense dated last week does not vanish behind the spec's default Today (032-find-and-scan.md).
 */
export function listPathShowing(date: unknown, today: string | null): string {
  const day = typeof date === 'string' ? date.trim() : '';
  const time = today && day ? narrowestTimeFilter(day, today) : 'all';
  const params = paramsFromFilters({ category: ALL_ITEMS, time, q: '', sort: 'entered', dir: 'desc' });
  return params.size > 0 ? `${paths.expenses.list}?${params}` : paths.expenses.list;
}
