import { useQuery } from '@tanstack/react-query';
import type { YearEndSettings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** GET /api/year-end/settings: the year's first month, the reserve's least percentage and withholding tax. */
export function useYearEndSettings() {
  return useQuery({
    queryKey: yearEndKeys.settings,
    queryFn: ({ signal }) => apiRequest<YearEndSettings>('/api/year-end/settings', { signal }),
  });
}
