import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenView, CreateApiTokenInput, CreatedApiToken } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const API_TOKENS_KEY = ['api-tokens'] as const;

/** Issue 16: the API tokens, newest first, with their last use (never a secret). */
export function useApiTokens() {
  return useQuery(queryOptions({ queryKey: API_TOKENS_KEY, queryFn: () => apiRequest<{ tokens: ApiTokenView[] }>('/api/tokens') }));
}

/** The answer holds the secret: shown once, then gone (the server keeps only its hash). */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiRequest<CreatedApiToken>('/api/tokens', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ token: ApiTokenView }>(`/api/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
