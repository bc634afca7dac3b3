import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserPage } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const PEOPLE_SHOWN = 20;

/** The person filter's choices: the first matches of a search over names, emails and staff IDs. */
export async function getPeople(search: string, signal?: AbortSignal): Promise<UserPage> {
  const params = new URLSearchParams({ search, pageSize: String(PEOPLE_SHOWN), sort: 'name' });
  return apiRequest<UserPage>(`/api/users?${params}`, { signal });
}

export function usePeople(search: string) {
  return useQuery({
    queryKey: ['audit', 'people', search] as const,
    queryFn: ({ signal }) => getPeople(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
