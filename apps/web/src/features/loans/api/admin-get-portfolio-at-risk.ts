import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoanAtRiskRow, PortfolioAtRiskView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** Portfolio at risk today (issue 33): the buckets of days in arrears, the classes and their provision. */
export async function getPortfolioAtRisk(): Promise<PortfolioAtRiskView> {
  const { report } = await apiRequest<{ report: PortfolioAtRiskView }>('/api/loans/par');
  return report;
}

export function portfolioAtRiskQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.par, queryFn: getPortfolioAtRisk });
}

export function usePortfolioAtRisk() {
  return useQuery(portfolioAtRiskQueryOptions());
}

/** The report as .xlsx: two small sheets, the button's spinner is progress enough. */
export function useExportPortfolioAtRisk() {
  return useMutation({ mutationFn: () => downloadWithProgress('/api/loans/par/export', 'portfolio-at-risk.xlsx', () => {}) });
}

/** Each loan in arrears with its class and provision, most days first. */
export async function getLoansAtRisk(): Promise<LoanAtRiskRow[]> {
  const { loans } = await apiRequest<{ loans: LoanAtRiskRow[] }>('/api/loans/par/loans');
  return loans;
}

export function useLoansAtRisk() {
  return useQuery(queryOptions({ queryKey: adminLoanKeys.parLoans, queryFn: getLoansAtRisk }));
}
