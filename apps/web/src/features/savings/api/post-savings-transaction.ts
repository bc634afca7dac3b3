import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedTransaction } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { savingsKeys } from './savings-query-keys.ts';

export type SavingsTransactionBody = {
  /** The holder, when an admin posts; a regular user posts on their own account and sends none. */
  userId?: string;
  type: 'deposit' | 'withdrawal';
  /** Naira as typed; the server parses it to kobo with the same schema the form checked. */
  amount: string | number;
  description?: string;
};

export function postSavingsTransaction(input: { body: SavingsTransactionBody; idempotencyKey: string }): Promise<PostedTransaction> {
  return idempotentPost<PostedTransaction>('/api/savings/transactions', input.body, input.idempotencyKey);
}

export function usePostSavingsTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSavingsTransaction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
