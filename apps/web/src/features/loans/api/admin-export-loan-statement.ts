import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** One disbursed loan's ledger and schedule as .xlsx; the server names the file. */
export async function exportLoanStatement(loanId: string): Promise<void> {
  await downloadWithProgress(`/api/loans/${encodeURIComponent(loanId)}/statement/export`, 'loan-statement.xlsx', () => {});
}

export function useExportLoanStatement() {
  return useMutation({ mutationFn: exportLoanStatement });
}
