import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, monthLabel, type BatchView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { useBatches } from '../../api/get-batches.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { BATCH_STATUS, movedKobo } from './run-labels.ts';

/** Batch history (issue 11): every batch, newest first, with who, when, month, count, total and status. */
export function HistoryPanel({ onOpen }: { onOpen: (batchId: string) => void }) {
  const batches = useBatches();
  const isWide = useIsWideScreen();
  if (batches.isPending) return <Text c="dimmed">{MESSAGES.loading}</Text>;
  if (batches.isError) return <ErrorBanner message={errorMessage(batches.error, MESSAGES.loadBatchesFailed)} />;
  if (batches.data.length === 0) return <Text c="dimmed">{MESSAGES.noBatches}</Text>;
  return isWide ? <BatchTable batches={batches.data} onOpen={onOpen} /> : <BatchCards batches={batches.data} onOpen={onOpen} />;
}

type Props = { batches: BatchView[]; onOpen: (batchId: string) => void };

function BatchTable({ batches, onOpen }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Month</Table.Th>
            <Table.Th>Value date</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Posted by</Table.Th>
            <Table.Th>Posted at</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Open</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => (
            <Table.Tr key={batch.id}>
              <Table.Td>{batch.number}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthLabel(batch.month)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(batch.valueDate)}</Table.Td>
              <Table.Td ta="right">{batch.rowCount}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <BatchTotal batch={batch} />
              </Table.Td>
              <Table.Td>{batch.postedByName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(batch.postedAt)}</Table.Td>
              <Table.Td>
                <BatchStatusBadge batch={batch} />
              </Table.Td>
              <Table.Td>
                <OpenButton batch={batch} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BatchCards({ batches, onOpen }: Props) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Batches">
      {batches.map((batch) => (
        <Paper key={batch.id} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={600}>
              Batch {batch.number}: {monthLabel(batch.month)}
            </Text>
            <BatchStatusBadge batch={batch} />
          </Group>
          <Text size="sm" mt={4}>
            <BatchTotal batch={batch} /> · {batch.rowCount} rows · valued {formatCalendarDate(batch.valueDate)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Posted by {batch.postedByName}, {formatDateTime(batch.postedAt)}
          </Text>
          <Group justify="flex-end" mt={4}>
            <OpenButton batch={batch} onOpen={onOpen} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function BatchStatusBadge({ batch }: { batch: BatchView }) {
  const status = BATCH_STATUS[batch.status];
  return (
    <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  );
}

/**
 * All the money moved; withdrawals, which payroll files rarely hold, and loan repayments (issue
 * 12) are named when there are any.
 */
function BatchTotal({ batch }: { batch: BatchView }) {
  return (
    <>
      <Text span size="sm" fw={600}>
        {formatNaira(movedKobo(batch))}
      </Text>
      {batch.withdrawalKobo > 0 && (
        <Text span size="xs" c="dimmed">
          {' '}
          (out {formatNaira(batch.withdrawalKobo)})
        </Text>
      )}
      {batch.loanRepaymentKobo > 0 && (
        <Text span size="xs" c="dimmed">
          {' '}
          (loans {formatNaira(batch.loanRepaymentKobo)})
        </Text>
      )}
    </>
  );
}

function OpenButton({ batch, onOpen }: { batch: BatchView; onOpen: (batchId: string) => void }) {
  return (
    <Button size="compact-sm" variant="light" onClick={() => onOpen(batch.id)} aria-label={`Open batch ${batch.number}`}>
      Open
    </Button>
  );
}
