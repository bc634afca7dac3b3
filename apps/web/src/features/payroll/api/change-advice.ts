import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdviceDetail, AdviceLineChange } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adviceUrl, payrollKeys } from './payroll-keys.ts';

/** Prepare (or prepare again, while a draft) the month's advice from the run's candidates and arrears. */
export function prepareAdvice(month: string): Promise<AdviceDetail> {
  return apiRequest<AdviceDetail>('/api/payroll/advices', { method: 'POST', body: { month } });
}

/** Change a line's figures, hold it out with a reason, or put it back (heldReason null). */
export function changeAdviceLine(input: { month: string; userId: string; change: AdviceLineChange }): Promise<AdviceDetail> {
  return apiRequest<AdviceDetail>(`${adviceUrl(input.month)}/lines/${encodeURIComponent(input.userId)}`, { method: 'PUT', body: input.change });
}

/** Freeze the advice as issued to payroll: only then does it download, and only then can a remittance match it. */
export function issueAdvice(month: string): Promise<AdviceDetail> {
  return apiRequest<AdviceDetail>(`${adviceUrl(month)}/issue`, { method: 'POST' });
}

/** Each answer is the whole advice: it replaces the month's on screen at once. */
function useAdviceMutation<T>(send: (input: T) => Promise<AdviceDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => queryClient.setQueryData(payrollKeys.advice(detail.advice.month), detail),
  });
}

export const usePrepareAdvice = () => useAdviceMutation(prepareAdvice);
export const useChangeAdviceLine = () => useAdviceMutation(changeAdviceLine);
export const useIssueAdvice = () => useAdviceMutation(issueAdvice);
