import { useMutation } from '@tanstack/react-query';
import type { BatchView } from '@kobo/core';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** One posted batch as .xlsx, under the name the server gives it. */
export async function downloadBatch(batch: Pick<BatchView, 'id' | 'number'>): Promise<void> {
  // A batch file is one row per posting: the button's spinner is progress enough.
  await downloadWithProgress(`/api/savings/batches/${encodeURIComponent(batch.id)}/export`, `batch-${batch.number}.xlsx`, () => {});
}

export function useDownloadBatch() {
  return useMutation({ mutationFn: downloadBatch });
}
