import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedTransfer, TransferInput } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

export function postTransfer(input: { body: TransferInput; idempotencyKey: string }): Promise<PostedTransfer> {
  return idempotentPost<PostedTransfer>('/api/savings/transfers', input.body, input.idempotencyKey);
}

export function usePostTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
