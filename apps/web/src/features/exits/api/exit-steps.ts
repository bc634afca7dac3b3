import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExitDetail, ExitNoticeInput, ExitSettlementInput, ExitStatement } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { exitPath } from './get-exits.ts';

/** After any step every exit answer is stale, and so are the balances, loans and books it moved. */
function useRefreshAfter() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (query) => ['exits', 'savings', 'loans', 'books'].includes(String(query.queryKey[0])) });
}

/** POST /api/exits: an officer records a member's notice. */
export function useRecordNotice() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: (input: ExitNoticeInput) => apiRequest<ExitDetail>('/api/exits', { method: 'POST', body: input }), onSuccess });
}

/** POST /api/exits/:id/preview: the statement worked out for a day and a shortfall choice, nothing saved. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ExitSettlementInput }) => apiRequest<ExitStatement>(exitPath(id, 'preview'), { method: 'POST', body: input }),
  });
}

/** The statement as .xlsx: the preview's figures before approval, the frozen ones after. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ExitSettlementInput | null }) => {
      const query = input ? `?${new URLSearchParams({ settlementDate: input.settlementDate, ...(input.shortfallChoice ? { shortfallChoice: input.shortfallChoice } : {}) })}` : '';
      return downloadWithProgress(`${exitPath(id, 'statement.xlsx')}${query}`, 'exit-statement.xlsx', () => undefined);
    },
  });
}

/** POST …/approve: the statement worked out once more and frozen. */
export function useApproveExit() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: ExitSettlementInput }) => apiRequest<unknown>(exitPath(id, 'approve'), { method: 'POST', body: input }), onSuccess });
}

/** POST …/settle, once: one key per exit, so a retry after a lost answer settles once. */
export function useSettleExit() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: ({ id, key }: { id: string; key: string }) => idempotentPost<unknown>(exitPath(id, 'settle'), {}, key), onSuccess });
}

/** POST …/pay-out with the bank reference. */
export function usePayOutExit() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: ({ id, reference }: { id: string; reference: string }) => apiRequest<unknown>(exitPath(id, 'pay-out'), { method: 'POST', body: { reference } }), onSuccess });
}

/** POST …/reverse or …/cancel with a reason. */
export function useExitWithReason(step: 'reverse' | 'cancel') {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => apiRequest<unknown>(exitPath(id, step), { method: 'POST', body: { reason } }), onSuccess });
}

/** POST …/guarantees/:loanId/release {reason}: the borrower's own savings judged enough. */
export function useReleaseGuarantee() {
  const onSuccess = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, loanId, reason }: { id: string; loanId: string; reason: string }) =>
      apiRequest<unknown>(exitPath(id, `guarantees/${encodeURIComponent(loanId)}/release`), { method: 'POST', body: { reason } }),
    onSuccess,
  });
}

/** POST …/guarantees/:loanId/replace {userId}: another member asked to guarantee in the leaver's place. */
export function useReplaceGuarantee() {
  const onSuccess = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, loanId, userId }: { id: string; loanId: string; userId: string }) =>
      apiRequest<unknown>(exitPath(id, `guarantees/${encodeURIComponent(loanId)}/replace`), { method: 'POST', body: { userId } }),
    onSuccess,
  });
}
