import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book, PeriodLockView, PeriodLocksView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksAdminKeys } from './books-admin-keys.ts';

export function getLocks(signal?: AbortSignal): Promise<PeriodLocksView> {
  return apiRequest<PeriodLocksView>('/api/books/locks', { signal });
}

export function useLocks() {
  return useQuery({ queryKey: booksAdminKeys.locks, queryFn: ({ signal }) => getLocks(signal) });
}

export function lockMonth(input: { book: Book; month: string }): Promise<{ lock: PeriodLockView }> {
  return apiRequest<{ lock: PeriodLockView }>('/api/books/locks', { method: 'POST', body: input });
}

export function unlockMonth(input: { book: Book; month: string }): Promise<void> {
  return apiRequest<void>(`/api/books/locks/${input.book}/${encodeURIComponent(input.month)}`, { method: 'DELETE' });
}

export function useLockMonth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: lockMonth, onSettled: () => queryClient.invalidateQueries({ queryKey: booksAdminKeys.locks }) });
}

export function useUnlockMonth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockMonth, onSettled: () => queryClient.invalidateQueries({ queryKey: booksAdminKeys.locks }) });
}
