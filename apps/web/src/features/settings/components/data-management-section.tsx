import { Button, Group, Stack, Text } from '@mantine/core';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ExportProgress } from '../../../components/export-progress.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useExportExpenses } from '../api/export-expenses.ts';
import { SettingsSection } from './settings-section.tsx';

/** SPEC "Settings": Data Management → Export to Excel, with progress while the server streams the file. */
export function DataManagementSection() {
  const exporter = useExportExpenses();
  const flash = useFlashMessage();
  const { progress } = exporter;

  function startExport() {
    if (exporter.isPending) return;
    flash.clear();
    exporter.mutate(undefined, { onSuccess: () => flash.show(MESSAGES.exportDownloaded) });
  }

  return (
    <SettingsSection title="Data Management">
      <Text size="sm" c="dimmed">
        Every expense you can see, as an Excel file (.xlsx).
      </Text>
      <ErrorBanner message={exporter.isError ? errorMessage(exporter.error, MESSAGES.exportFailed) : null} />
      <SuccessBanner message={flash.message} />
      {exporter.isPending && (
        <Stack gap={4} role="status" aria-live="polite">
          <ExportProgress progress={progress} />
        </Stack>
      )}
      <Group>
        <Button variant="light" leftSection={<FaFileExcel aria-hidden />} loading={exporter.isPending} onClick={startExport}>
          Export to Excel
        </Button>
      </Group>
    </SettingsSection>
  );
}
