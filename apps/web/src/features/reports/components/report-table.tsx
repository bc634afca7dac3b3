import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, type ReportRow } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';

type Props = {
  rows: ReportRow[];
  count: number;
  isPending: boolean;
  /** Why the rows could not be loaded, if they could not: offline reads as offline. */
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

/** SPEC "Report": the detailed Date / Item / Amount table, newest day first, 50 rows at a time. */
export function ReportTable({ rows, count, isPending, error, hasNextPage, isFetchingNextPage, onLoadMore }: Props) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Expenses in the report">
      <Title order={2} size="h4" mb="sm">
        Expenses
      </Title>
      {isPending ? (
        <PageLoading />
      ) : Boolean(error) && rows.length === 0 ? (
        <ErrorBanner message={errorMessage(error, MESSAGES.loadExpensesFailed)} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noExpensesInPeriod}</Text>
      ) : (
        <Stack gap="sm">
          <Table striped verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <time dateTime={row.date}>{formatCalendarDate(row.date)}</time>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" span style={{ borderLeft: `3px solid ${row.color}`, paddingLeft: 6 }}>
                      {row.item}
                    </Text>
                    {row.description && (
                      <Text size="xs" c="dimmed" pl={9}>
                        {row.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(row.amountKobo)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {Boolean(error) && <ErrorBanner message={errorMessage(error, MESSAGES.loadExpensesFailed)} />}
          <LoadMore
            shownCount={rows.length}
            totalLabel={count.toLocaleString('en-NG')}
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            onLoadMore={onLoadMore}
          />
        </Stack>
      )}
    </Paper>
  );
}
