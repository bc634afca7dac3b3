import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { formatNaira, SAVINGS_REQUEST_TYPE_LABELS, type SavingsRequestListItem, type SavingsRequestView } from '@kobo/core';
import { RequestStatusBadge } from '../../../components/request-status-badge.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import classes from '../../../components/figures.module.css';
import { RequestActions, type RequestAction } from './request-actions.tsx';
import { Holder, Maker, Outcome, Recipient, RequestKind, Standing, holderText } from './request-parts.tsx';

type Props = {
  /** Pending ones carry their holder's standing (issue 34). */
  requests: SavingsRequestListItem[];
  /** Pending requests carry actions; decided ones their outcome. */
  isPending: boolean;
  myId: string | undefined;
  onAction: (action: RequestAction, request: SavingsRequestView) => void;
};

/** The requests as a table on wide screens and as cards on a phone. */
export function RequestList(props: Props) {
  const isWide = useIsWideScreen();
  return isWide ? <RequestTable {...props} /> : <RequestCards {...props} />;
}

function RequestTable({ requests, isPending, myId, onAction }: Props) {
  return (
    <Table.ScrollContainer minWidth={isPending ? 1000 : 960}>
      <Table striped verticalSpacing="sm" aria-label={isPending ? 'Pending requests' : 'Decided requests'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Holder</Table.Th>
            <Table.Th>Request</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Value date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Made by</Table.Th>
            <Table.Th>{isPending ? 'Actions' : 'Outcome'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <Holder holder={request.holder} />
              </Table.Td>
              <Table.Td>
                <RequestKind request={request} />
                <Recipient request={request} />
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(request.amountKobo)}
                <Standing standing={request.standing} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(request.valueDate)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{request.description ?? '—'}</Table.Td>
              <Table.Td>
                <Maker request={request} />
              </Table.Td>
              <Table.Td>
                {isPending ? (
                  <RequestActions request={request} myId={myId} onAction={onAction} />
                ) : (
                  <>
                    <RequestStatusBadge status={request.status} />
                    <Outcome request={request} />
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RequestCards({ requests, isPending, myId, onAction }: Props) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={isPending ? 'Pending requests' : 'Decided requests'}>
      {requests.map((request) => (
        <Paper
          key={request.id}
          component="li"
          withBorder
          radius="sm"
          p="sm"
          aria-label={`${SAVINGS_REQUEST_TYPE_LABELS[request.type]} of ${formatNaira(request.amountKobo)}, ${holderText(request.holder)}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={0} miw={0}>
              <Holder holder={request.holder} />
            </Stack>
            <Text fw={700} className={classes.figure} ta="right">
              {formatNaira(request.amountKobo)}
            </Text>
          </Group>
          <Group gap="xs" mt={6} align="flex-start" justify="space-between" wrap="nowrap">
            <div>
              <RequestKind request={request} />
            </div>
            {!isPending && <RequestStatusBadge status={request.status} />}
          </Group>
          <Recipient request={request} />
          <Standing standing={request.standing} />
          <Text size="sm" mt={4}>
            Value date {formatCalendarDate(request.valueDate)}
          </Text>
          {request.description && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {request.description}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            Made by {request.maker.name}, {formatDateTime(request.createdAt)}
          </Text>
          {isPending ? (
            <Stack mt="xs" gap={0}>
              <RequestActions request={request} myId={myId} onAction={onAction} />
            </Stack>
          ) : (
            <Stack mt={4} gap={0}>
              <Outcome request={request} />
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
