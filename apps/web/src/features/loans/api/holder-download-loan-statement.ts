import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** A borrower's own loan statement as .xlsx: the schedule, what was paid and what is still owed. */
export async function downloadLoanStatement(loanId: string): Promise<void> {
  // A statement is small: the button's spinner is progress enough, so the byte count goes unused.
  await downloadWithProgress(`/api/loans/${loanId}/statement/export`, `loan-statement-${loanId}.xlsx`, () => {});
}

export function useDownloadLoanStatement() {
  return useMutation({ mutationFn: downloadLoanStatement });
}
