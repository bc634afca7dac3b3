import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanQuote } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

/** `borrowerId` names the holder an officer quotes for; a holder quotes on their own savings without it. */
export type QuoteRequest = { productId: string; amount: string; months: string; borrowerId?: string; topsUpLoanId?: string };

/** The schedule, fee and limits of a loan as asked for, on the borrower's savings; reads only. */
export async function getLoanQuote(request: QuoteRequest, signal?: AbortSignal): Promise<LoanQuote> {
  const query = new URLSearchParams({ amount: request.amount, months: request.months });
  if (request.borrowerId) query.set('userId', request.borrowerId);
  if (request.topsUpLoanId) query.set('topsUpLoanId', request.topsUpLoanId);
  const { quote } = await apiRequest<{ quote: LoanQuote }>(`/api/loan-products/${request.productId}/quote?${query}`, { signal });
  return quote;
}

/** Null until a product, an amount and a term are all given: there is nothing to quote before. */
export function loanQuoteQueryOptions(request: QuoteRequest | null) {
  const { productId = '', amount = '', months = '', borrowerId, topsUpLoanId } = request ?? {};
  return queryOptions({
    queryKey: [...holderLoanKeys.quote(productId, amount, months, borrowerId), topsUpLoanId ?? null],
    queryFn: ({ signal }) => getLoanQuote({ productId, amount, months, borrowerId, topsUpLoanId }, signal),
    enabled: request !== null,
    // While the next figures load, the last ones stay on screen instead of flashing away.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useLoanQuote(request: QuoteRequest | null) {
  return useQuery(loanQuoteQueryOptions(request));
}
