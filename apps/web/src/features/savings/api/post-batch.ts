import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchDraft, BatchView } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { refreshAfterBatch } from './refresh-after-batch.ts';

/** Posts a reviewed batch, all rows or none; the key makes a retry after a lost answer post once. */
export async function postBatch(input: { draft: BatchDraft; idempotencyKey: string }): Promise<BatchView> {
  const { batch } = await idempotentPost<{ batch: BatchView }>('/api/savings/batches', input.draft, input.idempotencyKey);
  return batch;
}

export function usePostBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBatch,
    onSettled: () => refreshAfterBatch(queryClient),
  });
}
