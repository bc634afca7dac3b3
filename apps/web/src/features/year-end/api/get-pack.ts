import { useMutation, useQuery } from '@tanstack/react-query';
import type { YearEndPack } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** GET /api/year-end/pack?year=: everything the AGM reads for the year. */
export function usePack(year: number | null) {
  return useQuery({
    queryKey: yearEndKeys.pack(year ?? 0),
    queryFn: ({ signal }) => apiRequest<YearEndPack>(`/api/year-end/pack?year=${year ?? 0}`, { signal }),
    enabled: year !== null,
  });
}

/** The same pack as .xlsx, a sheet per part; the server names the file. */
export function useDownloadPack() {
  return useMutation({ mutationFn: (year: number) => downloadWithProgress(`/api/year-end/pack.xlsx?year=${year}`, `agm-pack-${year}.xlsx`, () => undefined) });
}
