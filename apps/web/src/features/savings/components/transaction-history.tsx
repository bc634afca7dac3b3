import { useState } from 'react';
import { Badge, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { MESSAGES, formatNaira, signedAmountKobo, type SavingsTransactionView } from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import classes from './savings.module.css';
import { TRANSACTION_TYPE_COLORS, TRANSACTION_TYPE_LABELS } from './transaction-labels.ts';
import { useIsWideScreen } from './use-screen-size.ts';

/** A page of rows keeps a history of hundreds usable and cheap to render; a phone's cards are taller. */
const ROWS_PER_PAGE = { wide: 20, phone: 10 };
/** The most rows the API sends for one history (MAX_HISTORY_ROWS in modules/savings); the statement has all. */
const API_HISTORY_LIMIT = 1000;

type Props = {
  transactions: SavingsTransactionView[];
  /** SPEC 2: admins also see who processed each transaction. */
  showProcessedBy: boolean;
  title?: string;
};

/** SPEC 2: date, type, amount and description, newest first; a table on wide screens, cards on phones. */
export function TransactionHistory({ transactions, showProcessedBy, title = 'Transaction History' }: Props) {
  const [page, setPage] = useState(1);
  const isWide = useIsWideScreen();
  const pageSize = isWide ? ROWS_PER_PAGE.wide : ROWS_PER_PAGE.phone;
  const pageCount = Math.max(1, Math.ceil(transactions.length / pageSize));
  const current = Math.min(page, pageCount);
  const first = (current - 1) * pageSize;
  const rows = transactions.slice(first, first + pageSize);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {transactions.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noTransactionsFound}</Text>
      ) : (
        <Stack gap="sm">
          {isWide ? <HistoryTable rows={rows} showProcessedBy={showProcessedBy} /> : <HistoryCards rows={rows} showProcessedBy={showProcessedBy} />}
          {transactions.length >= API_HISTORY_LIMIT && (
            <Text size="sm" c="dimmed">
              Showing the latest {API_HISTORY_LIMIT.toLocaleString('en-NG')} transactions. Download a statement for all of them.
            </Text>
          )}
          {pageCount > 1 && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {first + 1}–{first + rows.length} of {transactions.length}
              </Text>
              <Pagination
                total={pageCount}
                value={current}
                onChange={setPage}
                size="sm"
                siblings={isWide ? 1 : 0}
                boundaries={1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

type RowsProps = { rows: SavingsTransactionView[]; showProcessedBy: boolean };

function HistoryTable({ rows, showProcessedBy }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Description</Table.Th>
            {showProcessedBy && <Table.Th>Processed By</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((transaction) => (
            <Table.Tr key={transaction.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(transaction.createdAt)}</Table.Td>
              <Table.Td>
                <TypeBadge transaction={transaction} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <SignedAmount transaction={transaction} />
              </Table.Td>
              <Table.Td>
                <Description transaction={transaction} />
              </Table.Td>
              {showProcessedBy && <Table.Td>{transaction.processedByEmail ?? '—'}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryCards({ rows, showProcessedBy }: RowsProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((transaction) => (
        <Paper key={transaction.id} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <TypeBadge transaction={transaction} />
            <SignedAmount transaction={transaction} />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {formatDateTime(transaction.createdAt)}
          </Text>
          {(transaction.description || transaction.counterpartyName) && <Description transaction={transaction} />}
          {showProcessedBy && transaction.processedByEmail && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Processed by {transaction.processedByEmail}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function TypeBadge({ transaction }: { transaction: SavingsTransactionView }) {
  return (
    <Badge variant="light" color={TRANSACTION_TYPE_COLORS[transaction.type]} style={{ flexShrink: 0 }}>
      {TRANSACTION_TYPE_LABELS[transaction.type]}
    </Badge>
  );
}

/** Money in shows with a plus, money out with a minus: the sign, not only the colour, says which. */
function SignedAmount({ transaction }: { transaction: SavingsTransactionView }) {
  const signed = signedAmountKobo(transaction.type, transaction.amountKobo);
  return (
    <Text span fw={600} className={signed < 0 ? classes.outflow : classes.inflow} style={{ whiteSpace: 'nowrap' }}>
      {signed < 0 ? formatNaira(signed) : `+${formatNaira(signed)}`}
    </Text>
  );
}

function Description({ transaction }: { transaction: SavingsTransactionView }) {
  const counterparty =
    transaction.counterpartyName && (transaction.type === 'transfer_out' ? `To ${transaction.counterpartyName}` : `From ${transaction.counterpartyName}`);
  if (!transaction.description && !counterparty) return <Text span c="dimmed">—</Text>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {transaction.description}
      {transaction.description && counterparty ? ' · ' : ''}
      {counterparty && (
        <Text span size="sm" c="dimmed">
          {counterparty}
        </Text>
      )}
    </Text>
  );
}
