import { useQuery } from '@tanstack/react-query';
import type { ExitDetail, ExitSettlementInput, ExitStatement, ExitStatus, ExitView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { exitKeys } from './exit-query-keys.ts';

export function exitPath(id: string, step = ''): string {
  return `/api/exits/${encodeURIComponent(id)}${step ? `/${step}` : ''}`;
}

/** GET /api/exits?status=: newest first, every status or one. */
export function useExits(status: ExitStatus | null) {
  return useQuery({
    queryKey: exitKeys.list(status),
    queryFn: async ({ signal }) => (await apiRequest<{ items: ExitView[] }>(`/api/exits${status ? `?status=${status}` : ''}`, { signal })).items,
  });
}

/** GET /api/exits/:id: the exit and the guarantees the leaver gives. */
export function useExit(id: string) {
  return useQuery({
    queryKey: exitKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<ExitDetail>(exitPath(id), { signal }),
  });
}

/** POST /api/exits/:id/preview as a read: the print view's statement for the day and choice in its address. */
export function usePreviewQuery(id: string, input: ExitSettlementInput | null) {
  return useQuery({
    queryKey: [...exitKeys.detail(id), 'preview', input?.settlementDate ?? '', input?.shortfallChoice ?? ''] as const,
    queryFn: ({ signal }) => apiRequest<ExitStatement>(exitPath(id, 'preview'), { method: 'POST', body: input, signal }),
    enabled: input !== null,
    retry: false,
  });
}
