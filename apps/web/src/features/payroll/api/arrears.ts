import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContributionArrearsReport, Overdeduction } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { payrollKeys } from './payroll-keys.ts';

/** Outstanding contribution arrears per member and product, aged against `month`. */
export function getArrears(month: string): Promise<ContributionArrearsReport> {
  return apiRequest<ContributionArrearsReport>(`/api/payroll/arrears?${new URLSearchParams({ month })}`);
}

export function useArrears(month: string | null) {
  return useQuery(queryOptions({ queryKey: payrollKeys.arrears(month ?? ''), queryFn: () => getArrears(month ?? ''), enabled: month !== null }));
}

export function useDownloadArrears() {
  return useMutation({
    mutationFn: (month: string) => downloadWithProgress(`/api/payroll/arrears.xlsx?${new URLSearchParams({ month })}`, `arrears-${month}.xlsx`, () => {}),
  });
}

/** Over-deductions still held for an officer to refund or apply. */
export async function getHeldOverdeductions(): Promise<Overdeduction[]> {
  return (await apiRequest<{ items: Overdeduction[] }>('/api/payroll/overdeductions?status=held')).items;
}

export function useHeldOverdeductions() {
  return useQuery(queryOptions({ queryKey: payrollKeys.overdeductions, queryFn: getHeldOverdeductions }));
}

type Decision = { id: string } & ({ action: 'refund'; reason: string } | { action: 'apply'; productId: string });

export function decideOverdeduction(decision: Decision): Promise<Overdeduction> {
  const body = decision.action === 'refund' ? { reason: decision.reason } : { productId: decision.productId };
  return apiRequest<Overdeduction>(`/api/payroll/overdeductions/${encodeURIComponent(decision.id)}/${decision.action}`, { method: 'POST', body });
}

export function useDecideOverdeduction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideOverdeduction, onSettled: () => queryClient.invalidateQueries({ queryKey: payrollKeys.overdeductions }) });
}
