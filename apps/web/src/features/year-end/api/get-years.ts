import { useQuery } from '@tanstack/react-query';
import type { YearEndYearList } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** GET /api/year-end/years: each year's state (open or closed) and its runs. */
export function useYears() {
  return useQuery({
    queryKey: yearEndKeys.years,
    queryFn: ({ signal }) => apiRequest<YearEndYearList>('/api/year-end/years', { signal }),
  });
}
