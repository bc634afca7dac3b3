import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedReversal, ReversalInput } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Undoes one posting (a transfer whole, from either leg) with postings of the opposite type. */
export function reverseTransaction(input: { transactionId: string; body: ReversalInput; idempotencyKey: string }): Promise<PostedReversal> {
  return idempotentPost<PostedReversal>(
    `/api/savings/transactions/${encodeURIComponent(input.transactionId)}/reversal`,
    input.body,
    input.idempotencyKey,
  );
}

export function useReverseTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseTransaction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
