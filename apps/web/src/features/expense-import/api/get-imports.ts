import { useQuery } from '@tanstack/react-query';
import type { ExpenseImportView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const IMPORTS_QUERY_KEY = ['expense-imports'] as const;

/** The newest imports: one's own, or everyone's for an admin. */
export function getImports(): Promise<{ imports: ExpenseImportView[] }> {
  return apiRequest<{ imports: ExpenseImportView[] }>('/api/expense-imports');
}

export function useImports() {
  return useQuery({ queryKey: IMPORTS_QUERY_KEY, queryFn: getImports });
}
