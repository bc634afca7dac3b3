import { useQuery } from '@tanstack/react-query';
import type { YearEndRun } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** GET /api/year-end/runs/:id. */
export function useRun(id: string | null) {
  return useQuery({
    queryKey: yearEndKeys.run(id ?? ''),
    queryFn: ({ signal }) => apiRequest<YearEndRun>(`/api/year-end/runs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}
