import { useState } from 'react';
import { Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, type SavingsTransactionView } from '@kobo/core';
import { Description, ReverseButton, SignedAmount, TypeBadges, ValueDate, isReversible } from './history-cells.tsx';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { LazyPagination } from '../../../components/lazy-pagination.tsx';

/** A page of rows keeps a history of hundreds usable and cheap to render; a phone's cards are taller. */
const ROWS_PER_PAGE = { wide: 20, phone: 10 };
/** The most rows the API sends for one history (MAX_HISTORY_ROWS in modules/savings); the statement has all. */
const API_HISTORY_LIMIT = 1000;

type Props = {
  transactions: SavingsTransactionView[];
  /** SPEC 2: admins also see who processed each transaction. */
  showProcessedBy: boolean;
  title?: string;
  /** An admin's Reverse action, offered on postings neither reversed nor reversals themselves. */
  onReverse?: (transaction: SavingsTransactionView) => void;
};

/**
 * SPEC 2: value date, type, amount and description, newest value date first; a table on wide
 * screens, cards on phones. Issue 11: a reversed posting and a reversal say so.
 */
export function TransactionHistory({ transactions, showProcessedBy, title = 'Transaction History', onReverse }: Props) {
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
          {isWide ? (
            <HistoryTable rows={rows} showProcessedBy={showProcessedBy} onReverse={onReverse} />
          ) : (
            <HistoryCards rows={rows} showProcessedBy={showProcessedBy} onReverse={onReverse} />
          )}
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
              <LazyPagination
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

type RowsProps = Pick<Props, 'showProcessedBy' | 'onReverse'> & { rows: SavingsTransactionView[] };

function HistoryTable({ rows, showProcessedBy, onReverse }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={onReverse ? 680 : 560}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {/* Issue 34: the processed-by column is the administrator's view; a member reads 'counts from'. */}
            <Table.Th>{showProcessedBy ? 'Value Date' : 'Counts from'}</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Description</Table.Th>
            {showProcessedBy && <Table.Th>Processed By</Table.Th>}
            {onReverse && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((transaction) => (
            <Table.Tr key={transaction.id}>
              <Table.Td>
                <ValueDate transaction={transaction} />
              </Table.Td>
              <Table.Td>
                <TypeBadges transaction={transaction} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <SignedAmount transaction={transaction} />
              </Table.Td>
              <Table.Td>
                <Description transaction={transaction} />
              </Table.Td>
              {showProcessedBy && <Table.Td>{transaction.processedByEmail ?? '—'}</Table.Td>}
              {onReverse && <Table.Td>{isReversible(transaction) && <ReverseButton onClick={() => onReverse(transaction)} />}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryCards({ rows, showProcessedBy, onReverse }: RowsProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((transaction) => (
        <Paper key={transaction.id} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <TypeBadges transaction={transaction} />
            <SignedAmount transaction={transaction} />
          </Group>
          <Text size="sm" c="dimmed" mt={4} component="div">
            <ValueDate transaction={transaction} />
          </Text>
          {(transaction.description || transaction.counterpartyName || transaction.reason) && <Description transaction={transaction} />}
          {showProcessedBy && transaction.processedByEmail && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Processed by {transaction.processedByEmail}
            </Text>
          )}
          {onReverse && isReversible(transaction) && (
            <Group justify="flex-end" mt={4}>
              <ReverseButton onClick={() => onReverse(transaction)} />
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
