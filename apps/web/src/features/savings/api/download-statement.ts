import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

export type StatementRequest = {
  /** An admin names the holder; staff and regular users get their own and send none. */
  userId?: string;
  from: string;
  to: string;
};

/** The .xlsx statement for whole days `from`..`to`, with its running balance. */
export function downloadStatement(request: StatementRequest): Promise<void> {
  const query = new URLSearchParams({ from: request.from, to: request.to });
  if (request.userId) query.set('userId', request.userId);
  return downloadFile(`/api/savings/statement/export?${query}`, `statement-${request.from}-to-${request.to}.xlsx`);
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
