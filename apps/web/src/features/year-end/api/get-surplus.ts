import { useQuery } from '@tanstack/react-query';
import type { YearEndSurplus } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** GET /api/year-end/surplus?year=: the scheme book's income and expenditure over the year. */
export function useSurplus(year: number) {
  return useQuery({
    queryKey: yearEndKeys.surplus(year),
    queryFn: ({ signal }) => apiRequest<YearEndSurplus>(`/api/year-end/surplus?year=${year}`, { signal }),
  });
}
