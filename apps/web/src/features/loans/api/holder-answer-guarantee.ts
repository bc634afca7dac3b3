import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

export type GuaranteeAnswer = 'accept' | 'decline';

/** A guarantor's one answer to a request; accepting is refused when it would pass their savings. */
export async function answerGuarantee(input: { loanId: string; answer: GuaranteeAnswer }): Promise<LoanView> {
  const { loan } = await apiRequest<{ loan: LoanView }>(`/api/loans/${input.loanId}/guarantee`, { body: { answer: input.answer } });
  return loan;
}

/**
 * `onAnswered` is given here, not to mutate(): once answered, the request leaves the list and its
 * card unmounts, and a card's own mutate() callbacks would then never run.
 */
export function useAnswerGuarantee({ onAnswered }: { onAnswered?: (answer: GuaranteeAnswer) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerGuarantee,
    onSuccess: (_loan, input) => onAnswered?.(input.answer),
    // An accepted guarantee holds part of the guarantor's savings: their balance card changes too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: holderLoanKeys.loans }),
        queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
      ]),
  });
}
