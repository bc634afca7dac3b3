import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerMappingsView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const MAPPINGS_KEY = ['books', 'mappings'] as const;

/** GET /api/books/mappings: each rule's account, each item's expense account, each payment method's account. */
export function getLedgerMappings(): Promise<LedgerMappingsView> {
  return apiRequest<LedgerMappingsView>('/api/books/mappings');
}

export function useLedgerMappings() {
  return useQuery(queryOptions({ queryKey: MAPPINGS_KEY, queryFn: getLedgerMappings }));
}

/** Each change answers the mappings as they now stand, which replace the cached ones at once. */
function useMappingsChange<Input>(request: (input: Input) => Promise<LedgerMappingsView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (mappings) => queryClient.setQueryData(MAPPINGS_KEY, mappings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['books'] }),
  });
}

export function useSetLedgerMapping() {
  return useMappingsChange(({ key, accountId }: { key: string; accountId: string }) =>
    apiRequest<LedgerMappingsView>(`/api/books/mappings/${encodeURIComponent(key)}`, { method: 'PUT', body: { accountId } }),
  );
}

export function useDeleteLedgerMapping() {
  return useMappingsChange((key: string) => apiRequest<LedgerMappingsView>(`/api/books/mappings/${encodeURIComponent(key)}`, { method: 'DELETE' }));
}

export function useSetCategoryAccount() {
  return useMappingsChange(({ categoryId, accountId }: { categoryId: string; accountId: string }) =>
    apiRequest<LedgerMappingsView>(`/api/books/categories/${encodeURIComponent(categoryId)}/account`, { method: 'PUT', body: { accountId } }),
  );
}
