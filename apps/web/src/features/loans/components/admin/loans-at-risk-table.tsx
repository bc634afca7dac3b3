import { Link } from 'react-router';
import { Anchor, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { LOAN_CLASSIFICATION_LABELS, MESSAGES, PAR_SCREEN_TEXT as TEXT, formatNaira } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { paths } from '../../../../lib/paths.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { useLoansAtRisk } from '../../api/admin-get-portfolio-at-risk.ts';

/** Each loan in arrears with its classification and provision, most days first; a phone keeps the borrower, days, class and provision. */
export function LoansAtRiskTable() {
  const loans = useLoansAtRisk();
  const isWide = useIsWideScreen();
  if (loans.isError) return <ErrorBanner message={errorMessage(loans.error, MESSAGES.loadLoansFailed)} />;
  if (!loans.data) return null;
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {TEXT.loansTitle}
      </Title>
      {loans.data.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noLoansInArrears}</Text>
      ) : (
        <Table.ScrollContainer minWidth={isWide ? 560 : 300} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': TEXT.loansTitle } }}>
          <Table striped verticalSpacing={4} horizontalSpacing={isWide ? 'xs' : 6} fz={isWide ? 'sm' : 'xs'} aria-label={TEXT.loansTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{TEXT.borrowerColumn}</Table.Th>
                <Table.Th ta="right">{TEXT.daysColumn}</Table.Th>
                <Table.Th>{TEXT.classColumn}</Table.Th>
                {isWide && <Table.Th ta="right">{TEXT.outstandingColumn}</Table.Th>}
                <Table.Th ta="right">{TEXT.provisionColumn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loans.data.map((row) => (
                <Table.Tr key={row.loanId}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.loans.detail(row.loanId)} fw={600} fz="inherit">
                      {row.borrower.name}
                    </Anchor>
                    {isWide && (
                      <Text span display="block" fz="xs" c="dimmed">
                        {row.productName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{row.daysInArrears}</Table.Td>
                  <Table.Td>{LOAN_CLASSIFICATION_LABELS[row.classification]}</Table.Td>
                  {isWide && (
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNaira(row.outstandingPrincipalKobo)}
                    </Table.Td>
                  )}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(row.provisionKobo)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
