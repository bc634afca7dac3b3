import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestructureView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

/** A loan's restructures, oldest first (issue 33): its history keeps each schedule replaced. */
export async function getRestructures(loanId: string): Promise<RestructureView[]> {
  const { restructures } = await apiRequest<{ restructures: RestructureView[] }>(`/api/loans/${encodeURIComponent(loanId)}/restructures`);
  return restructures;
}

export function restructuresQueryOptions(loanId: string) {
  return queryOptions({ queryKey: ['loans', 'restructures', loanId] as const, queryFn: () => getRestructures(loanId) });
}

export function useRestructures(loanId: string) {
  return useQuery(restructuresQueryOptions(loanId));
}

export type RestructureInput = { loanId: string; months: string; instalment: string; reason: string };

/** Ask for a restructure: a new term or a new instalment (one of them), and why. */
export async function requestRestructure({ loanId, ...body }: RestructureInput): Promise<RestructureView> {
  const { restructure } = await apiRequest<{ restructure: RestructureView }>(`/api/loans/${encodeURIComponent(loanId)}/restructures`, { method: 'POST', body });
  return restructure;
}

export function useRequestRestructure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestRestructure, onSettled: () => refreshAfterLoanChange(queryClient) });
}

export type RestructureDecision = { restructureId: string; decision: 'approve' | 'decline'; reason?: string };

/** A second officer approves (and so applies) or declines a waiting restructure. */
export async function decideRestructure({ restructureId, ...body }: RestructureDecision): Promise<RestructureView> {
  const { restructure } = await apiRequest<{ restructure: RestructureView }>(`/api/loans/restructures/${encodeURIComponent(restructureId)}/decision`, { method: 'POST', body });
  return restructure;
}

export function useDecideRestructure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideRestructure, onSettled: () => refreshAfterLoanChange(queryClient) });
}
