import { useMutation } from '@tanstack/react-query';
import type { BatchDraft, BatchReview } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The dry run: every row judged ready or refused, with the reason; nothing moves. */
export function reviewBatch(draft: BatchDraft): Promise<BatchReview> {
  return apiRequest<BatchReview>('/api/savings/batches/review', { method: 'POST', body: draft });
}

export function useReviewBatch() {
  return useMutation({ mutationFn: reviewBatch });
}
