import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { YearEndRun, YearEndRunInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** POST /api/year-end/runs (a new proposal) or PUT /api/year-end/runs/:id (a draft changed). */
export function useSaveRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: YearEndRunInput }) =>
      id
        ? apiRequest<YearEndRun>(`/api/year-end/runs/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : apiRequest<YearEndRun>('/api/year-end/runs', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: yearEndKeys.all }),
  });
}
