import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanQuote } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

export type QuoteRequest = { productId: string; amount: string; months: string };

/** The schedule, fee and limits of a loan as asked for, on the holder's own savings; reads only. */
export async function getLoanQuote(request: QuoteRequest, signal?: AbortSignal): Promise<LoanQuote> {
  const query = new URLSearchParams({ amount: request.amount, months: request.months });
  const { quote } = await apiRequest<{ quote: LoanQuote }>(`/api/loan-products/${request.productId}/quote?${query}`, { signal });
  return quote;
}

/** Null until a product, an amount and a term are all given: there is nothing to quote before. */
export function loanQuoteQueryOptions(request: QuoteRequest | null) {
  const { productId = '', amount = '', months = '' } = request ?? {};
  return queryOptions({
    queryKey: holderLoanKeys.quote(productId, amount, months),
    queryFn: ({ signal }) => getLoanQuote({ productId, amount, months }, signal),
    enabled: request !== null,
    // While the next figures load, the last ones stay on screen instead of flashing away.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useLoanQuote(request: QuoteRequest | null) {
  return useQuery(loanQuoteQueryOptions(request));
}
