import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanApplied } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/**
 * An application as the form sends it: figures as typed, guarantors as user ids, and `userId` the
 * holder an officer applies for (a holder applying for themselves leaves it out).
 */
export type LoanApplicationBody = { productId: string; amount: string; months: string; purpose: string; guarantors: string[]; userId?: string };

/** A holder applies for themselves, an officer for a named holder; refusals name their field (amount, months, guarantors, purpose, productId). */
export function applyForLoan(body: LoanApplicationBody): Promise<LoanApplied> {
  return apiRequest<LoanApplied>('/api/loans', { body });
}

export function useApplyForLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForLoan,
    // The guarantors asked see the request, and an officer's lists gain a row.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: holderLoanKeys.loans }),
        queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
      ]),
  });
}
