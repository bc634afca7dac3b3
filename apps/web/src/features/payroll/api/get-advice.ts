import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdviceDetail } from '@kobo/core';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adviceUrl, payrollKeys } from './payroll-keys.ts';

/** The month's advice, or null while none was prepared (the server's 404). */
export async function getAdvice(month: string): Promise<AdviceDetail | null> {
  try {
    return await apiRequest<AdviceDetail>(adviceUrl(month));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useAdvice(month: string | null) {
  return useQuery(queryOptions({ queryKey: payrollKeys.advice(month ?? ''), queryFn: () => getAdvice(month ?? ''), enabled: month !== null }));
}
