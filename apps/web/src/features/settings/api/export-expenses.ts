import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress, type DownloadProgress } from '../../../lib/download-with-progress.ts';

/**
 * Settings → Data Management → Export to Excel: every expense the caller may see, as the server
 * streams it (expenses-YYYY-MM-DD.xlsx, named by the server in APP_TIMEZONE). The progress says how
 * much has arrived; the size is not known ahead because the file is built as it is sent.
 */
export function useExportExpenses() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: () => downloadWithProgress('/api/export/expenses', 'expenses.xlsx', setProgress),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
