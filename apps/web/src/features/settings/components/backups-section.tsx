import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { FaDownload } from 'react-icons/fa';
import { MESSAGES, type BackupRunView, type BackupStatus } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { backupFileHref, useBackupStatus } from '../api/backups.ts';
import { SettingsSection } from './settings-section.tsx';

function runResult(run: BackupRunView): string {
  if (run.ok === null) return 'Running';
  if (!run.ok) return 'Failed';
  return run.size === null ? 'Written' : `Written, ${formatBytes(run.size)}`;
}

function LastBackup({ status }: { status: BackupStatus }) {
  const { lastRun, lastSuccess } = status;
  if (!lastRun) return <Text size="sm">{MESSAGES.noBackupYet}</Text>;
  const facts = [
    { label: 'Last backup', value: <time dateTime={lastRun.startedAt}>{formatDateTime(lastRun.startedAt)}</time> },
    { label: 'Result', value: runResult(lastRun) },
  ];
  if (lastSuccess && lastSuccess.night !== lastRun.night && lastSuccess.finishedAt) {
    facts.push({ label: 'Last good backup', value: <time dateTime={lastSuccess.finishedAt}>{formatDateTime(lastSuccess.finishedAt)}</time> });
  }
  if (lastRun.host) facts.push({ label: 'Taken by server', value: lastRun.host });
  return <FactList cols={{ base: 1, xs: 2 }} facts={facts} />;
}

/**
 * Settings → Backups (issue 16, docs/decisions/025-backups.md): when the nightly backup runs, how
 * the last one went (with a warning when it failed or is over two days old), and this server's
 * backup files to download. Restoring is done from the command line (npm run restore).
 */
export function BackupsSection() {
  const backups = useBackupStatus();
  return (
    <SettingsSection title="Backups">
      {backups.isPending ? (
        <PageLoading />
      ) : backups.isError ? (
        <ErrorBanner message={errorMessage(backups.error, MESSAGES.loadBackupsFailed)} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Kobo backs up the whole database every night at {backups.data.schedule.time} ({backups.data.schedule.timeZone}) and keeps the last{' '}
            {backups.data.schedule.keep} files on the server. Keep a copy somewhere else too: download one below.
          </Text>
          {backups.data.warning && (
            <Alert color="red" role="alert" title="Backups need attention">
              {backups.data.warning}
            </Alert>
          )}
          <LastBackup status={backups.data} />
          {backups.data.files.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Backup files">
              {backups.data.files.map((file) => (
                <Paper key={file.name} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" gap="xs">
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {file.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatBytes(file.size)} · <time dateTime={file.createdAt}>{formatDateTime(file.createdAt)}</time>
                      </Text>
                    </Stack>
                    <Anchor href={backupFileHref(file.name)} download={file.name} size="sm" aria-label={`Download ${file.name}`}>
                      <Group gap={6} wrap="nowrap">
                        <FaDownload aria-hidden /> Download
                      </Group>
                    </Anchor>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
    </SettingsSection>
  );
}
