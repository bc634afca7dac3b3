import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

export type StatementRequest = {
  /** An admin names the holder; staff and regular users get their own and send none. */
  userId?: string;
  from: string;
  to: string;
};

/** The .xlsx statement for whole days `from`..`to`, with its running balance. */
export async function downloadStatement(request: StatementRequest): Promise<void> {
  const query = new URLSearchParams({ from: request.from, to: request.to });
  if (request.userId) query.set('userId', request.userId);
  // A statement is small: the button's spinner is progress enough, so the byte count goes unused.
  await downloadWithProgress(`/api/savings/statement/export?${query}`, `statement-${request.from}-to-${request.to}.xlsx`, () => {});
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
