import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { YearEndRun, YearEndYear } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';

function runPath(id: string, step: string) {
  return `/api/year-end/runs/${encodeURIComponent(id)}/${step}`;
}

/** After any step every year-end answer is stale, and so are the books and members' balances it moved. */
function useRefreshAfter() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (query) => ['year-end', 'books', 'savings'].includes(String(query.queryKey[0])) });
}

/** POST …/approve: the lines worked out once more and frozen. */
export function useApproveRun() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: (id: string) => apiRequest<YearEndRun>(runPath(id, 'approve'), { method: 'POST' }), onSuccess });
}

/** POST …/post, once: one key per press sequence of the same run, so a retry after a lost answer posts once. */
export function usePostRun() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: ({ id, key }: { id: string; key: string }) => idempotentPost<YearEndRun>(runPath(id, 'post'), {}, key), onSuccess });
}

/** POST …/reversal with a reason (while the year is open). */
export function useReverseRun() {
  const onSuccess = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => idempotentPost<YearEndRun>(runPath(id, 'reversal'), { reason }, newIdempotencyKey()),
    onSuccess,
  });
}

/** POST /api/year-end/years/:year/close: the closing entry and the twelve months locked. */
export function useCloseYear() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: (year: number) => apiRequest<YearEndYear>(`/api/year-end/years/${year}/close`, { method: 'POST' }), onSuccess });
}
