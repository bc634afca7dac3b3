import { queryOptions, useQuery } from '@tanstack/react-query';
import type { savingsProductAccountsAnswerSchema } from '@kobo/core';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client.ts';
import { savingsProductKeys } from './savings-products-keys.ts';

export type SavingsProductAccounts = z.infer<typeof savingsProductAccountsAnswerSchema>;

/** GET /api/savings-products/control-accounts: the control accounts a product may take and the income accounts a penalty may go to. */
export function getSavingsProductAccounts(): Promise<SavingsProductAccounts> {
  return apiRequest<SavingsProductAccounts>('/api/savings-products/control-accounts');
}

export function useSavingsProductAccounts() {
  return useQuery(queryOptions({ queryKey: savingsProductKeys.accounts, queryFn: getSavingsProductAccounts }));
}
