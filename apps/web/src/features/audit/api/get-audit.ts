import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind, AuditPage } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

export type AuditFilters = { userId?: string; kind?: AuditKind; from?: string; to?: string };

export const AUDIT_PAGE_SIZE = 50;

/** One page of the audit log, newest first; `cursor` continues after the previous page. */
export async function getAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<AuditPage>(`/api/audit?${params}`, { signal });
}

export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters, isEnabled = true) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), enabled: isEnabled });
}
