import { useQuery } from '@tanstack/react-query';
import type { ApprovalSettings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether two-person approval is on (a threshold set): then whoever drew the run up cannot approve it. */
export function useIsTwoPerson(enabled: boolean) {
  return useQuery({
    queryKey: ['approval-settings'],
    queryFn: ({ signal }) => apiRequest<ApprovalSettings>('/api/savings/approval-settings', { signal }),
    select: (settings) => settings.twoPersonThresholdKobo !== null,
    enabled,
  });
}
