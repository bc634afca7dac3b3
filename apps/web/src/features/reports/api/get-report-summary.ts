import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRange, ReportSummary } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportKeys } from './report-query-keys.ts';

/** Total, average per day and the breakdown by item for whole days `from`..`to`, summed by the server. */
export function getReportSummary(range: DateRange, signal?: AbortSignal): Promise<ReportSummary> {
  return apiRequest<ReportSummary>(`/api/reports?${new URLSearchParams(range)}`, { signal });
}

export function reportSummaryQueryOptions(range: DateRange) {
  return queryOptions({ queryKey: reportKeys.summary(range), queryFn: ({ signal }) => getReportSummary(range, signal) });
}

export function useReportSummary(range: DateRange | null) {
  return useQuery({ ...reportSummaryQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
}
