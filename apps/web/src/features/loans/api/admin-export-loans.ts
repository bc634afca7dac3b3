import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';
import { loanListQuery, type LoanListFilter } from './admin-get-loans.ts';

/** The officers' list as .xlsx, filtered as the screen shows it. */
export async function exportLoans(filter: LoanListFilter): Promise<void> {
  // At most a few hundred rows: the button's spinner is progress enough.
  await downloadWithProgress(`/api/loans/export${loanListQuery(filter)}`, 'loans.xlsx', () => {});
}

export function useExportLoans() {
  return useMutation({ mutationFn: exportLoans });
}
