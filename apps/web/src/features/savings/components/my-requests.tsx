import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, SAVINGS_REQUEST_TYPE_LABELS, formatNaira, type SavingsRequestView } from '@kobo/core';
import { CancelRequestDialog } from '../../../components/cancel-request-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { RequestStatusBadge } from '../../../components/request-status-badge.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import classes from '../../../components/figures.module.css';
import { useMyRequests } from '../api/get-my-requests.ts';

type Props = {
  /** Staff see what waits on their account but cannot act on it; with none, the section is left out. */
  isReadOnly?: boolean;
};

/**
 * Issue 15: the requests on the holder's own account, pending and decided, each with its status and,
 * when declined or cancelled, why. A request they made themselves they may cancel while it waits.
 */
export function MyRequests({ isReadOnly = false }: Props) {
  const requests = useMyRequests();
  const myId = useSession().data?.id;
  const isWide = useIsWideScreen();
  const flash = useFlashMessage();
  const [cancelling, setCancelling] = useState<SavingsRequestView | null>(null);
  const mayCancel = (request: SavingsRequestView) => !isReadOnly && request.status === 'pending' && request.maker.id === myId;
  const onCancel = (request: SavingsRequestView) => {
    flash.clear();
    setCancelling(request);
  };

  if (isReadOnly && (!requests.isSuccess || requests.data.length === 0)) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Requests">
      <Title order={2} size="h4" mb="sm">
        Requests
      </Title>
      <Stack gap="sm">
        <SuccessBanner message={flash.message} />
        {requests.isPending ? (
          <Text c="dimmed">{MESSAGES.loading}</Text>
        ) : requests.isError ? (
          <ErrorBanner message={errorMessage(requests.error, MESSAGES.loadSavingsRequestsFailed)} />
        ) : requests.data.length === 0 ? (
          <Text c="dimmed">{MESSAGES.noOwnSavingsRequests}</Text>
        ) : isWide ? (
          <RequestTable requests={requests.data} mayCancel={mayCancel} onCancel={onCancel} />
        ) : (
          <RequestCards requests={requests.data} mayCancel={mayCancel} onCancel={onCancel} />
        )}
      </Stack>
      <CancelRequestDialog
        request={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          flash.show(MESSAGES.savingsRequestCancelled);
        }}
      />
    </Paper>
  );
}

type ListProps = {
  requests: SavingsRequestView[];
  mayCancel: (request: SavingsRequestView) => boolean;
  onCancel: (request: SavingsRequestView) => void;
};

function RequestTable({ requests, mayCancel, onCancel }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Made</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {/* Issue 34: a member reads 'counts from', not the bookkeeper's 'value date'. */}
            <Table.Th>Counts from</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(request.createdAt)}</Table.Td>
              <Table.Td>
                {SAVINGS_REQUEST_TYPE_LABELS[request.type]}
                {request.to && (
                  <Text size="xs" c="dimmed">
                    To {request.to.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(request.amountKobo)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(request.valueDate)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{request.description ?? '—'}</Table.Td>
              <Table.Td>
                <Status request={request} mayCancel={mayCancel(request)} onCancel={() => onCancel(request)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RequestCards({ requests, mayCancel, onCancel }: ListProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {requests.map((request) => (
        <Paper key={request.id} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600}>{SAVINGS_REQUEST_TYPE_LABELS[request.type]}</Text>
            <Text fw={700} className={classes.figure}>
              {formatNaira(request.amountKobo)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Counts from {formatCalendarDate(request.valueDate)} · made {formatDateTime(request.createdAt)}
          </Text>
          {request.to && <Text size="sm">To {request.to.name}</Text>}
          {request.description && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {request.description}
            </Text>
          )}
          <Stack mt={6} gap={0}>
            <Status request={request} mayCancel={mayCancel(request)} onCancel={() => onCancel(request)} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The status, why it was declined or cancelled, and Cancel on the holder's own pending request. */
function Status({ request, mayCancel, onCancel }: { request: SavingsRequestView; mayCancel: boolean; onCancel: () => void }) {
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="xs">
        <RequestStatusBadge status={request.status} />
        {mayCancel && (
          <Button size="compact-xs" variant="default" onClick={onCancel}>
            Cancel request
          </Button>
        )}
      </Group>
      {request.reason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Reason: {request.reason}
        </Text>
      )}
    </Stack>
  );
}
