import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanDetail } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** One loan for review, with the borrower's savings and other loans. */
export function getLoan(loanId: string): Promise<LoanDetail> {
  return apiRequest<LoanDetail>(`/api/loans/${encodeURIComponent(loanId)}`);
}

export function loanQueryOptions(loanId: string) {
  return queryOptions({ queryKey: adminLoanKeys.detail(loanId), queryFn: () => getLoan(loanId) });
}

export function useLoan(loanId: string) {
  return useQuery(loanQueryOptions(loanId));
}
