import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRequest, ImportResult } from '@kobo/core';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { IMPORTS_QUERY_KEY } from './get-imports.ts';

/** Imports the ready rows, all or none; the key makes a double click or a retry import once. */
export function importExpenses(input: { request: ImportRequest; idempotencyKey: string }): Promise<ImportResult> {
  return idempotentPost<ImportResult>('/api/expense-imports', input.request, input.idempotencyKey);
}

export function useImportExpenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importExpenses,
    onSettled: async () => {
      await Promise.all([IMPORTS_QUERY_KEY, ...AFTER_EXPENSE_CHANGE].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
