import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoffQuoteView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** A running loan's payoff quote on `on` (today when blank): officers, the auditor, and the borrower for their own. */
export async function getPayoffQuote(loanId: string, on: string, signal?: AbortSignal): Promise<PayoffQuoteView> {
  const query = on ? `?${new URLSearchParams({ on })}` : '';
  const { quote } = await apiRequest<{ quote: PayoffQuoteView }>(`/api/loans/${encodeURIComponent(loanId)}/payoff-quote${query}`, { signal });
  return quote;
}

export function payoffQuoteQueryOptions(loanId: string, on: string) {
  return queryOptions({
    // Under 'loans', so a posting on the loan refreshes it (refreshAfterLoanChange).
    queryKey: ['loans', 'payoff-quote', loanId, on] as const,
    queryFn: ({ signal }) => getPayoffQuote(loanId, on, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePayoffQuote(loanId: string, on: string, isEnabled = true) {
  return useQuery({ ...payoffQuoteQueryOptions(loanId, on), enabled: isEnabled });
}
