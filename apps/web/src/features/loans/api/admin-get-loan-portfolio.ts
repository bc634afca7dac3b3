import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanPortfolio } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** Where the lending stands today: outstanding, this month's flows, arrears. */
export async function getLoanPortfolio(): Promise<LoanPortfolio> {
  const { portfolio } = await apiRequest<{ portfolio: LoanPortfolio }>('/api/loans/portfolio');
  return portfolio;
}

export function loanPortfolioQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.portfolio, queryFn: getLoanPortfolio });
}

export function useLoanPortfolio() {
  return useQuery(loanPortfolioQueryOptions());
}
