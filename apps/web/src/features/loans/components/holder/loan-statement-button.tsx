import { Button, Stack } from '@mantine/core';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useDownloadLoanStatement } from '../../api/holder-download-loan-statement.ts';

/** The borrower's own statement of one loan, as an Excel file. */
export function LoanStatementButton({ loanId }: { loanId: string }) {
  const download = useDownloadLoanStatement();
  return (
    <Stack gap={4} align="flex-start">
      <ErrorBanner message={download.isError ? errorMessage(download.error, MESSAGES.exportFailed) : null} />
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<FaFileExcel aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate(loanId)}
      >
        Download statement (.xlsx)
      </Button>
    </Stack>
  );
}
