import type { QueryClient } from '@tanstack/react-query';
import { LOANS_QUERY_ROOT } from '../../../lib/loan-query-root.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';


/** After a batch posts or is reversed: balances moved, and (issue 12) its loan repayments changed loans. */
export function refreshAfterBatch(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: savingsKeys.all }), queryClient.invalidateQueries({ queryKey: LOANS_QUERY_ROOT })]);
}
