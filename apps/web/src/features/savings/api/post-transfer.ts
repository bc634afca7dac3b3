import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedTransfer } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { savingsKeys } from './savings-query-keys.ts';

export type TransferBody = { fromUserId: string; toUserId: string; amount: string | number; description?: string };

export function postTransfer(input: { body: TransferBody; idempotencyKey: string }): Promise<PostedTransfer> {
  return idempotentPost<PostedTransfer>('/api/savings/transfers', input.body, input.idempotencyKey);
}

export function usePostTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
