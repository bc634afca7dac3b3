import { Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { FaFileExcel, FaFileUpload } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDownloadImportTemplate } from '../api/download-import-template.ts';

/** What the picker offers; the server still decides from the bytes, never the name. */
const ACCEPTED = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

type Props = {
  file: File | null;
  /** 0–1 while the file is sent, null otherwise. */
  progress: number | null;
  error: string | null;
  onChoose: (file: File | null) => void;
};

/** Step one: the template to fill in, and the file, read on the server as soon as it is chosen. */
export function UploadStep({ file, progress, error, onChoose }: Props) {
  const template = useDownloadImportTemplate();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Spreadsheet">
      <Title order={2} size="h4" mb={4}>
        Spreadsheet
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        An .xlsx or .csv file whose first row names the columns Date, Item and Amount; Description and Payment method are optional.
        Dates may be written 2026-11-20 or 20/11/2026. Nothing is saved until you press Import.
      </Text>
      <Stack gap="sm">
        <Group>
          <Button variant="light" leftSection={<FaFileExcel aria-hidden />} loading={template.isPending} onClick={() => template.mutate()}>
            Download template
          </Button>
        </Group>
        <ErrorBanner message={template.isError ? errorMessage(template.error, MESSAGES.exportFailed) : null} />
        <FileInput
          label="Expenses file (.xlsx or .csv)"
          placeholder="Choose a file"
          accept={ACCEPTED}
          clearable
          value={file}
          onChange={onChoose}
          error={error}
          leftSection={<FaFileUpload aria-hidden />}
        />
        {progress !== null && (
          <Stack gap={4}>
            <Progress value={Math.round(progress * 100)} aria-label="Sending the file" animated={progress >= 1} />
            <Text size="xs" c="dimmed" aria-live="polite">
              {progress < 1 ? `Sending… ${Math.round(progress * 100)}%` : 'Reading the rows…'}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
