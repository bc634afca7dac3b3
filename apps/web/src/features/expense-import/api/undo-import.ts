import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseImportView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';
import { IMPORTS_QUERY_KEY } from './get-imports.ts';

type UndoAnswer = { import: ExpenseImportView; removed: number; message: string };

/** Removes every expense of one import (within a day of it); undoing twice is refused, never doubled. */
export function undoImport(id: string): Promise<UndoAnswer> {
  return apiRequest<UndoAnswer>(`/api/expense-imports/${encodeURIComponent(id)}/undo`, { method: 'POST' });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSettled: async () => {
      await Promise.all([IMPORTS_QUERY_KEY, ...AFTER_EXPENSE_CHANGE].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
