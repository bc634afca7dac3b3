import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, keptMailSentence, outboxKindLabel, type MailServerState, type OutboxMailView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useOutbox, useRetryMail } from '../api/mail-outbox.ts';
import { SettingsSection } from './settings-section.tsx';

type RetryProps = { mail: OutboxMailView; onRetry: (mail: OutboxMailView) => void; pendingId: string | null; failedId: string | null };

function RetryButton({ mail, onRetry, pendingId, failedId }: RetryProps) {
  return (
    <Button
      size="xs"
      variant="light"
      loading={pendingId === mail.id}
      disabled={pendingId !== null && pendingId !== mail.id}
      onClick={() => onRetry(mail)}
      aria-label={`Retry the mail to ${mail.to}: ${mail.subject}`}
      aria-invalid={failedId === mail.id ? true : undefined}
      aria-describedby={failedId === mail.id ? `retry-error-${mail.id}` : undefined}
    >
      Retry
    </Button>
  );
}

function RetryError({ mail, failedId, message }: { mail: OutboxMailView; failedId: string | null; message: string | null }) {
  if (failedId !== mail.id || !message) return null;
  return (
    <Text id={`retry-error-${mail.id}`} size="xs" c="red">
      {message}
    </Text>
  );
}

const Created = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

/**
 * Issue 26 (docs/decisions/037-mail-without-a-server.md): without a mail server nothing waits and
 * nothing fails, because nothing is sent; say so plainly, how many mails were kept, and how to set one.
 */
function NoMailServer({ mailServer }: { mailServer: MailServerState | undefined }) {
  if (!mailServer || mailServer.isSet) return null;
  return (
    <Alert color="yellow" variant="light" role="note" title={MESSAGES.noMailServer}>
      <Stack gap={4}>
        <Text size="sm">{keptMailSentence(mailServer.kept)}</Text>
        <Text size="sm">{MESSAGES.noMailServerHowTo}</Text>
      </Stack>
    </Alert>
  );
}

/**
 * Settings → Outgoing mail (issue 15, docs/decisions/020-notifications.md): how much mail waits
 * and how much failed after every retry, and the failed mail, newest first, each with Retry. A
 * table on a wide screen, a card per mail on a phone. Bodies are never shown: a reset link is a secret.
 */
export function OutgoingMailSection() {
  const outbox = useOutbox('failed');
  const retry = useRetryMail();
  const flash = useFlashMessage();
  const isWide = useIsWideScreen();
  const [failedId, setFailedId] = useState<string | null>(null);
  const retryError = retry.isError ? errorMessage(retry.error, MESSAGES.retryMailFailed) : null;

  function onRetry(mail: OutboxMailView) {
    flash.clear();
    setFailedId(null);
    retry.mutate(mail.id, { onSuccess: () => flash.show(MESSAGES.mailRetried), onError: () => setFailedId(mail.id) });
  }

  const pages = outbox.data?.pages ?? [];
  const counts = pages[0]?.counts;
  const mailServer = pages[0]?.mailServer;
  const mails = pages.flatMap((page) => page.mails);
  const rowProps = { onRetry, pendingId: retry.isPending ? retry.variables : null, failedId };

  return (
    <SettingsSection title="Outgoing mail">
      <Text size="sm" c="dimmed">
        Kobo retries a mail the mail server refuses, waiting longer each time, for about a day and a half. Mail that still failed is listed here.
      </Text>
      {outbox.isPending ? (
        <PageLoading />
      ) : outbox.isError ? (
        <ErrorBanner message={errorMessage(outbox.error, MESSAGES.loadOutboxFailed)} />
      ) : (
        <>
          <NoMailServer mailServer={mailServer} />
          <FactList
            cols={mailServer?.isSet === false ? 3 : 2}
            facts={[
              ...(mailServer?.isSet === false ? [{ label: 'Kept, not sent', value: mailServer.kept.toLocaleString('en-NG') }] : []),
              { label: 'Waiting to be sent', value: (counts?.queued ?? 0).toLocaleString('en-NG') },
              { label: 'Failed', value: (counts?.failed ?? 0).toLocaleString('en-NG') },
            ]}
          />
          <SuccessBanner message={flash.message} />
          <ErrorBanner message={retryError} />
          {mails.length === 0 ? (
            <Text size="sm" c="dimmed">
              {MESSAGES.noFailedMail}
            </Text>
          ) : isWide ? (
            <Table verticalSpacing="sm" aria-label="Failed mail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mail</Table.Th>
                  <Table.Th>Tries</Table.Th>
                  <Table.Th>Last error</Table.Th>
                  <Table.Th>Queued</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Action</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mails.map((mail) => (
                  <Table.Tr key={mail.id}>
                    <Table.Td>
                      <Stack gap={2} miw={0}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {mail.subject}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          To {mail.to}
                        </Text>
                        <Badge variant="light" size="sm">
                          {outboxKindLabel(mail.kind)}
                        </Badge>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{mail.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {mail.lastError ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <Created at={mail.createdAt} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-end">
                        <RetryButton mail={mail} {...rowProps} />
                        <RetryError mail={mail} failedId={failedId} message={retryError} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Failed mail">
              {mails.map((mail) => (
                <Paper key={mail.id} component="li" withBorder radius="md" p="sm">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {mail.subject}
                      </Text>
                      <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                        {outboxKindLabel(mail.kind)}
                      </Badge>
                    </Group>
                    <FactList
                      cols={1}
                      spacing={4}
                      facts={[
                        { label: 'To', value: mail.to },
                        { label: 'Last error', value: mail.lastError ?? '—' },
                        { label: 'Tries', value: mail.attempts },
                        { label: 'Queued', value: <Created at={mail.createdAt} /> },
                      ]}
                    />
                    <RetryButton mail={mail} {...rowProps} />
                    <RetryError mail={mail} failedId={failedId} message={retryError} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          {mails.length > 0 && (
            <LoadMore
              shownCount={mails.length}
              totalLabel={`${(counts?.failed ?? mails.length).toLocaleString('en-NG')} failed`}
              hasNextPage={outbox.hasNextPage}
              isFetchingNextPage={outbox.isFetchingNextPage}
              onLoadMore={() => void outbox.fetchNextPage()}
            />
          )}
        </>
      )}
    </SettingsSection>
  );
}
