import { useMutation } from '@tanstack/react-query';
import { downloadWithProgress } from '../../../lib/download-with-progress.ts';

/** The books' reports the server gives as .xlsx (each report's path with `.xlsx` on the end), and the query each is drawn for. */
export type BookDownload =
  | { report: 'trial-balance' | 'balance-sheet'; query: { book: string; asOf: string } }
  | { report: 'income-statement' | 'journal'; query: { book: string; from: string; to: string } }
  | { report: 'account-ledger'; accountId: string; query: { from: string; to: string } };

function pathOf(download: BookDownload): string {
  const query = new URLSearchParams(download.query);
  if (download.report === 'account-ledger') return `/api/books/accounts/${encodeURIComponent(download.accountId)}/ledger.xlsx?${query}`;
  return `/api/books/${download.report}.xlsx?${query}`;
}

/** The report shown, as .xlsx for the same book and days; the server names the file. */
export function useDownloadBookReport() {
  return useMutation({
    mutationFn: (download: BookDownload) => downloadWithProgress(pathOf(download), `${download.report}.xlsx`, () => undefined),
  });
}
