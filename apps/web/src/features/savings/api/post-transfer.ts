import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedTransfer, SavingsRequestCreated, TransferInput } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Issue 15: a transfer above the two-person threshold is answered with a request (202), not postings. */
export function postTransfer(input: { body: TransferInput; idempotencyKey: string }): Promise<PostedTransfer | SavingsRequestCreated> {
  return idempotentPost<PostedTransfer | SavingsRequestCreated>('/api/savings/transfers', input.body, input.idempotencyKey);
}

export function usePostTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
