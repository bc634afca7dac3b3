import { useMutation, useQuery } from '@tanstack/react-query';
import type { YearEndPreview } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

function previewPath(id: string) {
  return `/api/year-end/runs/${encodeURIComponent(id)}/preview`;
}

/** GET /api/year-end/runs/:id/preview: every member's line and the totals (frozen once approved). */
export function usePreview(id: string) {
  return useQuery({
    queryKey: yearEndKeys.preview(id),
    queryFn: ({ signal }) => apiRequest<YearEndPreview>(previewPath(id), { signal }),
  });
}

/** The same preview as .xlsx; the server names the file. */
export function useDownloadPreview() {
  return useMutation({ mutationFn: (id: string) => downloadWithProgress(`${previewPath(id)}.xlsx`, 'year-end-preview.xlsx', () => undefined) });
}
