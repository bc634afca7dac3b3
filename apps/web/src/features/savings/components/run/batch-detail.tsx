import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { FaArrowLeft, FaFileExcel, FaUndo } from 'react-icons/fa';
import { MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID, TRANSACTION_TYPE_LABELS, formatNaira, monthLabel, type BatchDetail as BatchDetailData, type BatchPosting } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { useIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import { useDownloadBatch } from '../../api/download-batch.ts';
import { useBatch } from '../../api/get-batch.ts';
import { useReverseBatch } from '../../api/reverse-batch.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { ReasonModal, refusalOf, type ReasonRefusal } from '../../../../components/reason-modal.tsx';
import { BatchStatusBadge } from './history-panel.tsx';
import { FactList } from '../../../../components/fact-list.tsx';
import { BatchRepayments } from './batch-repayments.tsx';
import { movedKobo } from './run-labels.ts';

const POSTINGS_PER_PAGE = 50;

/** `onReversed`: the batch may be reversed here, and this follows; without it (the auditor, issue 27) it is read only. */
type Props = { batchId: string; onBack: () => void; onReversed?: () => void };

/**
 * One batch (issue 11): its facts, its postings, the .xlsx download, and Reverse batch. Issue 12:
 * the loan repayments it posted, each borrower linked to their loan.
 */
export function BatchDetail({ batchId, onBack, onReversed }: Props) {
  const detail = useBatch(batchId);
  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" size="xs" leftSection={<FaArrowLeft aria-hidden />} onClick={onBack}>
          Back to all batches
        </Button>
      </Group>
      {detail.isPending ? (
        <Text c="dimmed">{MESSAGES.loading}</Text>
      ) : detail.isError ? (
        <ErrorBanner message={errorMessage(detail.error, MESSAGES.loadBatchFailed)} />
      ) : (
        <BatchBody detail={detail.data} onReversed={onReversed} />
      )}
    </Stack>
  );
}

function BatchBody({ detail, onReversed }: { detail: BatchDetailData; onReversed?: () => void }) {
  const { batch } = detail;
  const download = useDownloadBatch();
  const reverse = useReverseBatch();
  const idempotency = useIdempotencyKey();
  const [isReverseOpen, setReverseOpen] = useState(false);
  const [refusal, setRefusal] = useState<ReasonRefusal>(null);

  function handleReverse(reason: string) {
    const body = { batchId: batch.id, reason };
    // A refusal again is a new one: the reason dialog shows it again even in the same words.
    setRefusal(null);
    reverse.mutate(
      { ...body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.reset();
          setReverseOpen(false);
          onReversed?.();
        },
        onError: (failure) => setRefusal(refusalOf(failure, MESSAGES.reverseFailed)),
      },
    );
  }

  const facts = [
    { label: 'Value date', value: formatCalendarDate(batch.valueDate) },
    { label: 'Description', value: batch.description },
    { label: 'Rows', value: String(batch.rowCount) },
    { label: 'Deposits', value: formatNaira(batch.depositKobo) },
    { label: 'Withdrawals', value: formatNaira(batch.withdrawalKobo) },
    ...(batch.loanRepaymentKobo > 0 || detail.repayments.length > 0 ? [{ label: 'Loan repayments', value: formatNaira(batch.loanRepaymentKobo) }] : []),
    { label: 'Posted by', value: batch.postedByName },
    { label: 'Posted at', value: formatDateTime(batch.postedAt) },
    ...(batch.fileName ? [{ label: 'File', value: batch.fileName }] : []),
    ...(batch.repeatReason ? [{ label: 'Second batch because', value: batch.repeatReason }] : []),
    ...(batch.reversedAt
      ? [
          { label: 'Reversed', value: `${formatDateTime(batch.reversedAt)} by ${batch.reversedByName ?? '—'}` },
          { label: 'Reversal reason', value: batch.reversalReason ?? '—' },
        ]
      : []),
  ];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Batch ${batch.number}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4">
              Batch {batch.number}: {monthLabel(batch.month)}
            </Title>
            <BatchStatusBadge batch={batch} />
          </Group>
          <Group gap="xs">
            <Button variant="light" leftSection={<FaFileExcel aria-hidden />} loading={download.isPending} onClick={() => download.mutate(batch)}>
              Download .xlsx
            </Button>
            {onReversed && batch.status === 'posted' && (
              <Button
                color="red"
                variant="light"
                leftSection={<FaUndo aria-hidden />}
                onClick={() => {
                  setRefusal(null);
                  setReverseOpen(true);
                }}
              >
                Reverse batch
              </Button>
            )}
          </Group>
        </Group>
        <ErrorBanner message={download.isError ? errorMessage(download.error, MESSAGES.exportFailed) : null} />
        <FactList facts={facts} cols={{ base: 2, md: 4 }} m={0} />
        {/* A batch of repayments alone posts no savings. */}
        {detail.postings.length > 0 && <Postings detail={detail} />}
        {detail.repayments.length > 0 && <BatchRepayments repayments={detail.repayments} />}
      </Stack>
      <ReasonModal
        opened={isReverseOpen}
        title={`Reverse batch ${batch.number}`}
        confirmLabel="Reverse batch"
        isDestructive
        requiredMessage={MESSAGES.reversalReasonRequired}
        isPending={reverse.isPending}
        refusal={refusal}
        onSubmit={handleReverse}
        onClose={() => setReverseOpen(false)}
      >
        <Text size="sm">
          Every posting of this batch ({batch.rowCount} rows, {formatNaira(movedKobo(batch))}), its loan repayments with them, is
          undone at once, or none is. The postings stay in each history, marked Reversed.
        </Text>
      </ReasonModal>
    </Paper>
  );
}

function Postings({ detail }: { detail: BatchDetailData }) {
  const [page, setPage] = useState(1);
  const isWide = useIsWideScreen();
  const pageCount = Math.max(1, Math.ceil(detail.postings.length / POSTINGS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = detail.postings.slice((current - 1) * POSTINGS_PER_PAGE, current * POSTINGS_PER_PAGE);
  // Issue 29: once a batch moves more than ordinary savings, each posting names its product.
  const hasProducts = detail.postings.some((posting) => posting.productId !== ORDINARY_SAVINGS_PRODUCT_ID);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Postings
      </Title>
      {isWide ? <PostingsTable postings={rows} hasProducts={hasProducts} /> : <PostingCards postings={rows} hasProducts={hasProducts} />}
      {pageCount > 1 && (
        <Group justify="flex-end">
          <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />
        </Group>
      )}
    </Stack>
  );
}

type PostingsProps = { postings: BatchPosting[]; hasProducts: boolean };

function PostingsTable({ postings, hasProducts }: PostingsProps) {
  return (
    <Table.ScrollContainer minWidth={hasProducts ? 700 : 560}>
      <Table striped verticalSpacing="xs" aria-label="Postings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Name</Table.Th>
            {hasProducts && <Table.Th>Product</Table.Th>}
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {postings.map((posting) => (
            <Table.Tr key={posting.transactionId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{posting.staffId ?? '—'}</Table.Td>
              <Table.Td>{posting.name}</Table.Td>
              {hasProducts && <Table.Td>{posting.productName}</Table.Td>}
              <Table.Td>
                <PostingType posting={posting} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(posting.amountKobo)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{posting.description ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PostingCards({ postings, hasProducts }: PostingsProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Postings">
      {postings.map((posting) => (
        <Paper key={posting.transactionId} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {posting.name}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(posting.amountKobo)}
            </Text>
          </Group>
          <Group gap="xs" mt={4}>
            <Text size="xs" c="dimmed">
              {posting.staffId ?? '—'}
              {hasProducts && ` · ${posting.productName}`}
            </Text>
            <PostingType posting={posting} />
          </Group>
          {posting.description && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {posting.description}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function PostingType({ posting }: { posting: BatchPosting }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span size="sm">
        {TRANSACTION_TYPE_LABELS[posting.type]}
      </Text>
      {posting.reversedById && (
        <Badge variant="outline" color="gray" size="sm" style={{ flexShrink: 0 }}>
          Reversed
        </Badge>
      )}
    </Group>
  );
}
