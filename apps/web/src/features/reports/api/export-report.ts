import { useMutation } from '@tanstack/react-query';
import type { DateRange } from '@kobo/core';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** The report as .xlsx (Summary and Detail sheets), streamed by the server for the range shown. */
export function useExportReport() {
  return useMutation({
    mutationFn: (range: DateRange) =>
      downloadWithProgress(`/api/reports/export?${new URLSearchParams(range)}`, `report-${range.from}-to-${range.to}.xlsx`, () => undefined),
  });
}
