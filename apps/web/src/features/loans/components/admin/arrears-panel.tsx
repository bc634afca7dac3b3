import { Link } from 'react-router';
import { Anchor, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, type ArrearsRow } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { paths } from '../../../../lib/paths.ts';
import { useArrears } from '../../api/admin-get-arrears.ts';
import { DaysInArrears } from './loan-list.tsx';
import classes from '../../../../components/figures.module.css';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';

/** Active loans with an instalment unpaid after its due date, most days in arrears first. */
export function ArrearsPanel() {
  const arrears = useArrears();
  const isWide = useIsWideScreen();
  if (arrears.isPending) return <PageLoading />;
  if (arrears.isError) return <ErrorBanner message={errorMessage(arrears.error, MESSAGES.loadLoansFailed)} />;
  if (arrears.data.length === 0) return <Text c="dimmed">{MESSAGES.noLoansInArrears}</Text>;
  return isWide ? <ArrearsTable rows={arrears.data} /> : <ArrearsCards rows={arrears.data} />;
}

function ArrearsTable({ rows }: { rows: ArrearsRow[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Arrears">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Borrower</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Overdue</Table.Th>
            <Table.Th ta="right">Instalments overdue</Table.Th>
            <Table.Th ta="right">Days in arrears</Table.Th>
            <Table.Th>Oldest due date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.loanId}>
              <Table.Td>
                <Anchor component={Link} to={paths.loans.detail(row.loanId)} fw={600}>
                  {row.borrower.name}
                </Anchor>
                {row.borrower.staffId && (
                  <Text size="xs" c="dimmed">
                    {row.borrower.staffId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.productName}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(row.amountOverdueKobo)}
              </Table.Td>
              <Table.Td ta="right">{row.instalmentsOverdue}</Table.Td>
              <Table.Td ta="right">
                <DaysInArrears days={row.daysInArrears} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(row.oldestDueDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ArrearsCards({ rows }: { rows: ArrearsRow[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Arrears">
      {rows.map((row) => (
        <li key={row.loanId}>
          <UnstyledButton component={Link} to={paths.loans.detail(row.loanId)} w="100%" display="block">
            <Paper withBorder radius="sm" p="sm" className={classes.linkCard}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.borrower.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[row.borrower.staffId, row.productName].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Text fw={700} className={`${classes.figure} ${classes.overdue}`}>
                  {formatNaira(row.amountOverdueKobo)}
                </Text>
              </Group>
              <Text size="sm" mt={4}>
                <DaysInArrears days={row.daysInArrears} withUnit /> · {row.instalmentsOverdue} instalment
                {row.instalmentsOverdue === 1 ? '' : 's'} overdue
              </Text>
              <Text size="xs" c="dimmed">
                Oldest due {formatCalendarDate(row.oldestDueDate)}
              </Text>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
