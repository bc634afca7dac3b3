import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchView } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { refreshAfterBatch } from './refresh-after-batch.ts';

/** Reverses every posting of a batch at once (its loan repayments too), or none of them. */
export async function reverseBatch(input: { batchId: string; reason: string; idempotencyKey: string }): Promise<BatchView> {
  const { batch } = await idempotentPost<{ batch: BatchView }>(
    `/api/savings/batches/${encodeURIComponent(input.batchId)}/reversal`,
    { reason: input.reason },
    input.idempotencyKey,
  );
  return batch;
}

export function useReverseBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseBatch,
    onSettled: () => refreshAfterBatch(queryClient),
  });
}
