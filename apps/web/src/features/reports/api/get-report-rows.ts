import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DateRange, ReportRowsPage } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportKeys } from './report-query-keys.ts';

/** One page (newest day first, 50 rows) of the report's Date / Item / Amount table. */
export function getReportRows(range: DateRange, cursor: string | null, signal?: AbortSignal): Promise<ReportRowsPage> {
  const query = new URLSearchParams(range);
  if (cursor) query.set('cursor', cursor);
  return apiRequest<ReportRowsPage>(`/api/reports/rows?${query}`, { signal });
}

export function reportRowsQueryOptions(range: DateRange) {
  return infiniteQueryOptions({
    queryKey: reportKeys.rows(range),
    queryFn: ({ pageParam, signal }) => getReportRows(range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useReportRows(range: DateRange | null) {
  return useInfiniteQuery({ ...reportRowsQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
}
