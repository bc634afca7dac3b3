import type { DateRange } from '@kobo/core';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

export const reportKeys = {
  all: EXPENSE_QUERY_ROOTS.reports,
  summary: (range: DateRange) => [...EXPENSE_QUERY_ROOTS.reports, 'summary', range] as const,
  rows: (range: DateRange) => [...EXPENSE_QUERY_ROOTS.reports, 'rows', range] as const,
};
