import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CreateStaffInput, type SavingsHolderListItem } from '@kobo/core';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

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

/** SPEC 8 "Create staff": its own network and rate-limit sentences, then the server's refusal, else the generic one. */
export function createStaffErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return MESSAGES.staffNetworkError;
  if (error instanceof ApiError && error.status === 429) return MESSAGES.staffTooManyAttempts;
  return errorMessage(error, MESSAGES.createStaffFailed);
}
