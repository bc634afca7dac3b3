import { Button, Group } from '@mantine/core';
import { FaFileExcel, FaPrint } from 'react-icons/fa';
import { MESSAGES, type DateRange } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExportReport } from '../api/export-report.ts';

/** Export the report shown as .xlsx, or print it (the print stylesheet keeps only the report). */
export function ReportActions({ range }: { range: DateRange }) {
  const exporter = useExportReport();
  return (
    <>
      <ErrorBanner message={exporter.isError ? errorMessage(exporter.error, MESSAGES.reportExportFailed) : null} />
      <Group gap="sm" data-print-hidden>
        <Button variant="light" leftSection={<FaFileExcel aria-hidden />} loading={exporter.isPending} onClick={() => exporter.mutate(range)}>
          Export to Excel
        </Button>
        <Button variant="default" leftSection={<FaPrint aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
    </>
  );
}
