import { Link } from 'react-router';
import { Anchor, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { formatNaira, type LoanView, formatMonths } from '@kobo/core';
import { formatDate } from '../../../../lib/format-date-time.ts';
import { paths } from '../../../../lib/paths.ts';
import { LoanStatusBadge } from '../loan-status-badge.tsx';
import classes from '../../../../components/figures.module.css';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';

/** The loans as a table on wide screens and as cards on a phone; each opens the loan's review. */
export function LoanList({ loans }: { loans: LoanView[] }) {
  const isWide = useIsWideScreen();
  return isWide ? <LoanTable loans={loans} /> : <LoanCards loans={loans} />;
}

function LoanTable({ loans }: { loans: LoanView[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Loans">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Borrower</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Term</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Applied</Table.Th>
            <Table.Th ta="right">Outstanding</Table.Th>
            <Table.Th ta="right">Days in arrears</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loans.map((loan) => (
            <Table.Tr key={loan.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.loans.detail(loan.id)} fw={600}>
                  {loan.borrower.name}
                </Anchor>
                {loan.borrower.staffId && (
                  <Text size="xs" c="dimmed">
                    {loan.borrower.staffId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{loan.productName}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(loan.principalKobo)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonths(loan.months)}</Table.Td>
              <Table.Td>
                <LoanStatusBadge status={loan.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(loan.appliedAt)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {loan.ledger ? formatNaira(loan.ledger.outstandingTotalKobo) : '—'}
              </Table.Td>
              <Table.Td ta="right">{loan.ledger ? <DaysInArrears days={loan.ledger.arrears.daysInArrears} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LoanCards({ loans }: { loans: LoanView[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Loans">
      {loans.map((loan) => (
        <li key={loan.id}>
          <UnstyledButton component={Link} to={paths.loans.detail(loan.id)} w="100%" display="block">
            <Paper withBorder radius="sm" p="sm" className={classes.linkCard}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {loan.borrower.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[loan.borrower.staffId, loan.productName].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <LoanStatusBadge status={loan.status} />
              </Group>
              <Text size="sm" mt={4} className={classes.figure}>
                <strong>{formatNaira(loan.principalKobo)}</strong> over {formatMonths(loan.months)} · applied {formatDate(loan.appliedAt)}
              </Text>
              {loan.ledger && (
                <Text size="sm" className={classes.figure}>
                  Outstanding {formatNaira(loan.ledger.outstandingTotalKobo)}
                  {loan.ledger.arrears.daysInArrears > 0 && (
                    <>
                      {' · '}
                      <DaysInArrears days={loan.ledger.arrears.daysInArrears} withUnit />
                    </>
                  )}
                </Text>
              )}
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/** Days in arrears, red when any: the figure an officer scans the list for. */
export function DaysInArrears({ days, withUnit = false }: { days: number; withUnit?: boolean }) {
  const text = withUnit ? `${days} day${days === 1 ? '' : 's'} in arrears` : String(days);
  return days > 0 ? (
    <Text span inherit className={classes.overdue}>
      {text}
    </Text>
  ) : (
    <>{text}</>
  );
}
