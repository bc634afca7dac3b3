import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanStatus, LoanView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** The officers' list filter: one status or all, and a borrower's name or staff ID. */
export type LoanListFilter = { status: LoanStatus | null; search: string };

/** '?status=active&q=STF001', or '' for everything: the list and its export ask the same way. */
export function loanListQuery({ status, search }: LoanListFilter): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (search) query.set('q', search);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Newest first, at most 200 (the server's limit). */
export async function getLoans(filter: LoanListFilter): Promise<LoanView[]> {
  const { loans } = await apiRequest<{ loans: LoanView[] }>(`/api/loans${loanListQuery(filter)}`);
  return loans;
}

export function loansQueryOptions(filter: LoanListFilter) {
  return queryOptions({
    queryKey: adminLoanKeys.list(filter.status, filter.search),
    queryFn: () => getLoans(filter),
    // A new filter keeps the last rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useLoans(filter: LoanListFilter) {
  return useQuery(loansQueryOptions(filter));
}
