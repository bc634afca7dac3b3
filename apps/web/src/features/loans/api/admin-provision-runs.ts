import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProvisionRunInput, ProvisionRunView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** The month-end provision runs, latest first. */
export async function getProvisionRuns(): Promise<ProvisionRunView[]> {
  const { runs } = await apiRequest<{ runs: ProvisionRunView[] }>('/api/loans/provision-runs');
  return runs;
}

export async function runProvision(input: ProvisionRunInput): Promise<ProvisionRunView> {
  const { run } = await apiRequest<{ run: ProvisionRunView }>('/api/loans/provision-runs', { method: 'POST', body: input });
  return run;
}

export function provisionRunsQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.provisionRuns, queryFn: getProvisionRuns });
}

export function useProvisionRuns() {
  return useQuery(provisionRunsQueryOptions());
}

/** A run changes what the provision holds: the runs and the report are read again. */
export function useRunProvision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runProvision,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminLoanKeys.provisionRuns }), queryClient.invalidateQueries({ queryKey: adminLoanKeys.par })]),
  });
}
