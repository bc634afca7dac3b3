import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { BOOK_LABELS, can, MESSAGES, type EntryRequestView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ReasonModal, refusalOf } from '../../../components/reason-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useApproveEntryRequest, useDeclineEntryRequest, usePendingEntryRequests } from '../api/entry-requests.ts';
import { EntryLinesTable } from './entry-lines-table.tsx';

/** Manual entries waiting for a second admin; their maker sees them but the server refuses their own approval. */
export function EntryRequestsPanel() {
  const requests = usePendingEntryRequests();
  const pending = requests.data?.requests ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="entry-requests-title">
      <Title order={2} size="h3" id="entry-requests-title">
        Entries awaiting approval
      </Title>
      {requests.isError && <ErrorBanner message={errorMessage(requests.error, MESSAGES.loadBooksFailed)} />}
      {requests.isSuccess && pending.length === 0 && <Text c="dimmed">No entries are waiting.</Text>}
      {pending.map((request) => (
        <EntryRequestCard key={request.id} request={request} />
      ))}
    </Stack>
  );
}

function EntryRequestCard({ request }: { request: EntryRequestView }) {
  const session = useSession().data;
  const canDecide = can(session?.role, 'manage_books');
  const approve = useApproveEntryRequest();
  const decline = useDeclineEntryRequest();
  const [isDeclining, setDeclining] = useState(false);
  const failure = approve.error ?? (isDeclining ? null : decline.error);
  return (
    <Card withBorder component="article" aria-label={request.narration}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{request.narration}</Text>
          <Badge variant="light">{BOOK_LABELS[request.book]}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatCalendarDate(request.valueDate)} · asked by {request.requestedByName ?? 'a former user'}
        </Text>
        <EntryLinesTable lines={request.lines} />
        {failure && <ErrorBanner message={errorMessage(failure, MESSAGES.postEntryFailed)} />}
        {canDecide && (
          <Group>
            <Button loading={approve.isPending} onClick={() => approve.mutate(request.id)}>
              Approve
            </Button>
            <Button variant="light" color="red" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </Group>
        )}
      </Stack>
      <ReasonModal
        opened={isDeclining}
        title="Decline this entry"
        confirmLabel="Decline"
        isDestructive
        requiredMessage={MESSAGES.declineReasonRequired}
        isPending={decline.isPending}
        // The shared reason form (issue 34): a refusal that names the reason stands beside it, any other in its banner.
        refusal={decline.error ? refusalOf(decline.error, MESSAGES.postEntryFailed) : null}
        onSubmit={(reason) => decline.mutate({ id: request.id, reason }, { onSuccess: () => setDeclining(false) })}
        onClose={() => setDeclining(false)}
      />
    </Card>
  );
}
