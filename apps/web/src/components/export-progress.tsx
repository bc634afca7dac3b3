import { Progress, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { formatBytes } from '../lib/format-bytes.ts';
import type { DownloadProgress } from '../lib/download-with-progress.ts';

/** An expenses export while the server streams it: a moving bar, then rows and bytes so far. */
export function ExportProgress({ progress }: { progress: DownloadProgress | null }) {
  return (
    <>
      <Progress value={100} striped animated aria-label="Export in progress" />
      <Text size="sm" c="dimmed">
        {progress === null
          ? 'Preparing the export…'
          : `Exporting ${progress.rowCount === null ? '' : `${progress.rowCount.toLocaleString('en-NG')} expenses `}… ${formatBytes(progress.receivedBytes)} received`}
      </Text>
    </>
  );
}
