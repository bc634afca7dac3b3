import { Button, Popover, Stack } from '@mantine/core';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ExportProgress } from '../../../components/export-progress.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useExportExpenseView } from '../api/export-expense-view.ts';
import type { ExpenseFilters } from '../api/expense-query-keys.ts';

/**
 * "Export from where you stand" (issue 14): the rows on screen, with its filters, search and order,
 * as an .xlsx the server streams. Progress, the outcome and a refusal show under the button.
 */
export function ExportViewButton({ filters }: { filters: ExpenseFilters }) {
  const exporter = useExportExpenseView();
  const flash = useFlashMessage();
  const { progress } = exporter;
  const error = exporter.isError ? errorMessage(exporter.error, MESSAGES.exportFailed) : null;
  const isOpen = exporter.isPending || error !== null || flash.message !== null;

  function startExport() {
    if (exporter.isPending) return;
    flash.clear();
    exporter.mutate(filters, { onSuccess: () => flash.show(MESSAGES.exportDownloaded) });
  }

  return (
    <Popover opened={isOpen} position="bottom-end" width={280} withinPortal={false} onChange={(opened) => !opened && exporter.reset()}>
      <Popover.Target>
        <Button variant="default" leftSection={<FaFileExcel aria-hidden />} loading={exporter.isPending} onClick={startExport}>
          Export
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} role="status" aria-live="polite">
          {exporter.isPending && <ExportProgress progress={progress} />}
          <ErrorBanner message={error} />
          <SuccessBanner message={flash.message} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
