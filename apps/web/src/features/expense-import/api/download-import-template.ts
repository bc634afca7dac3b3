import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** The .xlsx to fill in: the headings the import reads, an example row and notes. */
export async function downloadImportTemplate(): Promise<void> {
  await downloadWithProgress('/api/expense-imports/template', 'kobo-expenses-template.xlsx', () => {});
}

export function useDownloadImportTemplate() {
  return useMutation({ mutationFn: downloadImportTemplate });
}
