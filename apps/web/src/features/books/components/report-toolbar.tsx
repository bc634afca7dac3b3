import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { FaFileExcel, FaPrint } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDownloadBookReport, type BookDownload } from '../api/download-book-report.ts';

type Props = {
  /** The report's days (as at, or from and to). */
  children: ReactNode;
  /** What Download .xlsx fetches; null while the days are not yet a report. */
  download: BookDownload | null;
  label: string;
};

/** A report's days, then Download .xlsx and Print (the print stylesheet keeps only the report). */
export function ReportToolbar({ children, download, label }: Props) {
  const downloader = useDownloadBookReport();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label} data-print-hidden>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {children}
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              leftSection={<FaFileExcel aria-hidden />}
              loading={downloader.isPending}
              disabled={download === null}
              onClick={() => download && downloader.mutate(download)}
            >
              Download .xlsx
            </Button>
            <Button variant="default" leftSection={<FaPrint aria-hidden />} onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Group>
        <ErrorBanner message={downloader.isError ? errorMessage(downloader.error, MESSAGES.reportExportFailed) : null} />
      </Stack>
    </Paper>
  );
}
