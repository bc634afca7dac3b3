import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress, type DownloadProgress } from '../../../lib/download-with-progress.ts';
import type { ExpenseFilters } from './expense-query-keys.ts';
import { expenseViewQuery } from './get-expenses.ts';

/**
 * The expenses screen's Export: exactly the rows it shows (filters, search, order) as the server
 * streams them (docs/decisions/032-find-and-scan.md), with the Settings export's progress.
 */
export function useExportExpenseView() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (filters: ExpenseFilters) => downloadWithProgress(`/api/expenses/export?${expenseViewQuery(filters)}`, 'expenses.xlsx', setProgress),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
