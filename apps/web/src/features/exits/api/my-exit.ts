import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExitDetail, ExitNoticeInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { exitKeys } from './exit-query-keys.ts';

/** GET /api/account/exit: the member's own live exit, or null. */
export function useMyExit() {
  return useQuery({ queryKey: exitKeys.mine, queryFn: ({ signal }) => apiRequest<{ exit: ExitDetail | null }>('/api/account/exit', { signal }) });
}

/** POST /api/account/exit: the member gives notice. */
export function useGiveMyNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ExitNoticeInput, 'userId'>) => apiRequest<ExitDetail>('/api/account/exit', { method: 'POST', body: input }),
    onSuccess: (exit) => client.setQueryData(exitKeys.mine, { exit }),
    onSettled: () => client.invalidateQueries({ queryKey: exitKeys.all }),
  });
}
