import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedTransaction, SavingsRequestCreated, SavingsTransactionInput } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/**
 * The body is core's schema input: the server parses it with the schema the form checked. `userId`
 * names the holder when an admin posts; a regular user posts on their own account and sends none.
 * Issue 15: the answer may be a request instead (202): an admin's withdrawal above the
 * two-person threshold, or a regular user's own posting while members' postings need confirming.
 */
export function postSavingsTransaction(input: { body: SavingsTransactionInput; idempotencyKey: string }): Promise<PostedTransaction | SavingsRequestCreated> {
  return idempotentPost<PostedTransaction | SavingsRequestCreated>('/api/savings/transactions', input.body, input.idempotencyKey);
}

export function usePostSavingsTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSavingsTransaction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
