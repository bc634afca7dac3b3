import { useState } from 'react';
import { Anchor, Badge, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { Link } from 'react-router';
import { formatNaira, type BatchRepayment } from '@kobo/core';
import { paths } from '../../../../lib/paths.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';

const REPAYMENTS_PER_PAGE = 50;

/**
 * The loan repayments a batch posted (issue 12): borrower, staff ID, product and amount, each
 * borrower linked to the loan it repaid, each reversed one marked so. A table on a wide screen, a card each on a phone.
 */
export function BatchRepayments({ repayments }: { repayments: BatchRepayment[] }) {
  const [page, setPage] = useState(1);
  const isWide = useIsWideScreen();
  const pageCount = Math.max(1, Math.ceil(repayments.length / REPAYMENTS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = repayments.slice((current - 1) * REPAYMENTS_PER_PAGE, current * REPAYMENTS_PER_PAGE);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Loan repayments
      </Title>
      {isWide ? <RepaymentsTable repayments={rows} /> : <RepaymentCards repayments={rows} />}
      {pageCount > 1 && (
        <Group justify="flex-end">
          <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />
        </Group>
      )}
    </Stack>
  );
}

/** The borrower, linked to the loan, and 'Reversed' once the repayment is undone, with its batch or on its own. */
function BorrowerLink({ repayment }: { repayment: BatchRepayment }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor component={Link} to={paths.loans.detail(repayment.loanId)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {repayment.name}
      </Anchor>
      {repayment.reversedById && (
        <Badge variant="outline" color="gray" size="sm" style={{ flexShrink: 0 }}>
          Reversed
        </Badge>
      )}
    </Group>
  );
}

function RepaymentsTable({ repayments }: { repayments: BatchRepayment[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="Loan repayments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Borrower</Table.Th>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {repayments.map((repayment, index) => (
            <Table.Tr key={`${repayment.loanId}-${index}`}>
              <Table.Td>
                <BorrowerLink repayment={repayment} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{repayment.staffId ?? '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{repayment.productName}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(repayment.amountKobo)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RepaymentCards({ repayments }: { repayments: BatchRepayment[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Loan repayments">
      {repayments.map((repayment, index) => (
        <Paper key={`${repayment.loanId}-${index}`} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <BorrowerLink repayment={repayment} />
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(repayment.amountKobo)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {repayment.staffId ?? '—'} · {repayment.productName}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
