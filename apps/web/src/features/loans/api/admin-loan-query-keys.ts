import type { QueryClient } from '@tanstack/react-query';
import type { LoanStatus } from '@kobo/core';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/**
 * The officers' loan answers. Every loan key starts with 'loans' and every product key with
 * 'loan-products', as the holders' keys do, so a mutation on either side refreshes both by prefix;
 * 'admin' keeps these entries apart from the holders' own shapes under the same prefix.
 */
export const adminLoanKeys = {
  all: ['loans'] as const,
  list: (status: LoanStatus | null, search: string) => ['loans', 'admin', 'list', status ?? 'all', search] as const,
  portfolio: ['loans', 'admin', 'portfolio'] as const,
  arrears: ['loans', 'admin', 'arrears'] as const,
  detail: (id: string) => ['loans', 'admin', 'detail', id] as const,
  settings: ['loans', 'admin', 'settings'] as const,
  // Issue 33, part C: portfolio at risk, the provision runs and the risk scale.
  par: ['loans', 'admin', 'par'] as const,
  parLoans: ['loans', 'admin', 'par', 'loans'] as const,
  provisionRuns: ['loans', 'admin', 'provision-runs'] as const,
  riskSettings: ['loans', 'admin', 'risk-settings'] as const,
  allProducts: ['loan-products'] as const,
  products: ['loan-products', 'admin'] as const,
};

/**
 * After a loan changes: every loan answer, and the savings ones too, since a disbursed loan holds
 * part of the borrower's and guarantors' savings (the lien) and closing it frees them.
 */
export function refreshAfterLoanChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminLoanKeys.all }),
    queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  ]);
}
