import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListQuery, UserPage } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './users-query-keys.ts';

/** One page of the users table: searched, sorted and paged on the server. */
export async function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserPage> {
  const params = new URLSearchParams({
    search: query.search,
    sort: query.sort,
    order: query.order,
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.role ? { role: query.role } : {}),
  });
  return apiRequest<UserPage>(`/api/users?${params}`, { signal });
}

export function usersQueryOptions(query: UserListQuery) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return queryOptions({ queryKey: usersKeys.list(query), queryFn: ({ signal }) => getUsers(query, signal), placeholderData: keepPreviousData });
}

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}
