import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayrollLayout } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { payrollKeys } from './payroll-keys.ts';

/** The generic layout first, then the scheme's saved ones: what a download or an upload may use. */
export async function getLayouts(): Promise<PayrollLayout[]> {
  return (await apiRequest<{ layouts: PayrollLayout[] }>('/api/payroll/layouts')).layouts;
}

export function useLayouts() {
  return useQuery(queryOptions({ queryKey: payrollKeys.layouts, queryFn: getLayouts }));
}
