import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualEntryInput, ManualEntryResult } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksAdminKeys } from './books-admin-keys.ts';

/** 201 `{ entry }` posted, or 202 `{ request }` waiting for a second admin. */
export function postManualEntry(input: { body: ManualEntryInput; idempotencyKey: string }): Promise<ManualEntryResult> {
  return apiRequest<ManualEntryResult>('/api/books/entries', { method: 'POST', body: input.body, headers: { 'idempotency-key': input.idempotencyKey } });
}

export function usePostManualEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postManualEntry, onSuccess: () => queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }) });
}
