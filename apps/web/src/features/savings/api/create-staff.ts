import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffInput, SavingsHolderListItem } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from './savings-query-keys.ts';

/** Add New Staff: a staff sign-in, the next staff ID and a zero-balance account, all or nothing. */
export async function createStaff(input: CreateStaffInput): Promise<SavingsHolderListItem> {
  const { staff } = await apiRequest<{ staff: SavingsHolderListItem }>('/api/savings/staff', { method: 'POST', body: input });
  return staff;
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
