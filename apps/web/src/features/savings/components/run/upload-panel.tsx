import { useState } from 'react';
import { Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FaFileExcel, FaFileUpload } from 'react-icons/fa';
import { MAX_BATCH_FILE_BYTES, MESSAGES, type UploadedBatchFile } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useDownloadRunTemplate } from '../../api/download-run-template.ts';
import { useUploadBatchFile } from '../../api/upload-batch-file.ts';
import type { RunSettings } from './use-run-settings.ts';
import { BusyIndicator } from '../../../../components/busy-indicator.tsx';

/** What the picker offers; the server still decides from the bytes, never the name. */
const ACCEPTED = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

type Props = {
  settings: RunSettings;
  isReviewing: boolean;
  /** Why the last Review press failed, said here, where it was pressed. */
  reviewError: string | null;
  onReview: (file: UploadedBatchFile) => void;
};

/**
 * Upload (issue 11): payroll's own sheet (.xlsx or .csv) instead of the Prepare list. The template
 * holds every active holder with their standing amount and (issue 12) what their loans have due,
 * in the columns the reader knows. A file
 * is read as soon as it is chosen, so a refusal is said next to it at once.
 */
export function UploadPanel({ settings, isReviewing, reviewError, onReview }: Props) {
  const template = useDownloadRunTemplate();
  const upload = useUploadBatchFile();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedBatchFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  function choose(next: File | null) {
    setFile(next);
    setUploaded(null);
    setFileError(null);
    upload.reset();
    if (!next) return;
    if (next.size > MAX_BATCH_FILE_BYTES) return setFileError(MESSAGES.fileTooLarge);
    upload.mutate(next, {
      onSuccess: (read) => setUploaded(read),
      onError: (failure) => setFileError(errorMessage(failure, MESSAGES.fileNotSpreadsheet)),
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Payroll file">
      <Title order={2} size="h4" mb={4}>
        Payroll file
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        An .xlsx or .csv file whose first row names the columns: Staff ID (or Email) and Amount; Description, Type (Deposit or
        Withdrawal) and Loan Repayment are optional. A row with a loan repayment may leave its amount blank.
      </Text>
      <Stack gap="sm">
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<FaFileExcel aria-hidden />}
            loading={template.isPending}
            disabled={!settings.month}
            onClick={() => settings.month && template.mutate(settings.month)}
          >
            Download template
          </Button>
        </Group>
        <ErrorBanner message={template.isError ? errorMessage(template.error, MESSAGES.exportFailed) : null} />
        <FileInput
          label="Payroll file (.xlsx or .csv)"
          placeholder="Choose a file"
          accept={ACCEPTED}
          clearable
          value={file}
          onChange={choose}
          error={fileError}
          leftSection={<FaFileUpload aria-hidden />}
          rightSection={upload.isPending ? <BusyIndicator size="xs" label="Reading the file" /> : undefined}
        />
        {uploaded && (
          <Text size="sm" aria-live="polite">
            Read {uploaded.rows.length} {uploaded.rows.length === 1 ? 'row' : 'rows'} from {uploaded.fileName}.
          </Text>
        )}
        <ErrorBanner message={uploaded ? reviewError : null} />
        <Group justify="flex-end">
          <Button onClick={() => uploaded && onReview(uploaded)} loading={isReviewing} disabled={!uploaded}>
            Review
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
