import { useState } from 'react';
import { FileInput, Select, Stack, Text } from '@mantine/core';
import { FaFileUpload } from 'react-icons/fa';
import { GENERIC_LAYOUT_ID, MAX_BATCH_FILE_BYTES, MESSAGES, type UploadedRemittance } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLayouts } from '../api/get-layouts.ts';
import { useUploadRemittanceFile } from '../api/remittance.ts';

/** What the picker offers; the server still decides from the bytes, never the name. */
const ACCEPTED = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

type Props = { month: string; uploaded: UploadedRemittance | null; onUploaded: (uploaded: UploadedRemittance | null) => void };

/** Payroll's file, read in the layout chosen as soon as it is picked, so a refusal is said beside it. */
export function RemittanceFile({ month, uploaded, onUploaded }: Props) {
  const layouts = useLayouts();
  const upload = useUploadRemittanceFile();
  const [layoutId, setLayoutId] = useState(GENERIC_LAYOUT_ID);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const options = (layouts.data ?? []).map((layout) => ({ value: layout.id, label: layout.name }));

  function read(next: File | null, layout: string) {
    setFileError(null);
    onUploaded(null);
    upload.reset();
    if (!next) return;
    if (next.size > MAX_BATCH_FILE_BYTES) return setFileError(MESSAGES.fileTooLarge);
    upload.mutate(
      { month, layoutId: layout, file: next },
      { onSuccess: onUploaded, onError: (failure) => setFileError(errorMessage(failure, MESSAGES.fileNotSpreadsheet)) },
    );
  }

  return (
    <Stack gap="sm">
      <Select
        label="The file's layout"
        data={options.length > 0 ? options : [{ value: GENERIC_LAYOUT_ID, label: 'Generic' }]}
        value={layoutId}
        onChange={(value) => {
          if (!value) return;
          setLayoutId(value);
          read(file, value);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <FileInput
        label="Payroll's file (.xlsx or .csv)"
        placeholder="Choose a file"
        accept={ACCEPTED}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
        value={file}
        onChange={(next) => {
          setFile(next);
          read(next, layoutId);
        }}
        error={fileError}
        leftSection={<FaFileUpload aria-hidden />}
        rightSection={upload.isPending ? <BusyIndicator size="xs" label="Reading the file" /> : undefined}
      />
      {uploaded && (
        <Text size="sm" aria-live="polite">
          Read {uploaded.lines.length} lines from {uploaded.fileName}.
        </Text>
      )}
      <ErrorBanner message={layouts.isError ? errorMessage(layouts.error, MESSAGES.serverError) : null} />
    </Stack>
  );
}
