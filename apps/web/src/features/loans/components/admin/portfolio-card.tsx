import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { MESSAGES, formatNaira, type LoanPortfolio } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useLoanPortfolio } from '../../api/admin-get-loan-portfolio.ts';
import classes from '../../../../components/figures.module.css';

/** Where the lending stands today: what is out, what moved this month, and what is overdue. */
export function PortfolioCard() {
  const portfolio = useLoanPortfolio();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Portfolio">
      <Title order={2} size="h4" mb="sm">
        Portfolio
      </Title>
      {portfolio.isError ? (
        <ErrorBanner message={errorMessage(portfolio.error, MESSAGES.loadLoansFailed)} />
      ) : portfolio.data ? (
        <PortfolioFigures portfolio={portfolio.data} />
      ) : (
        <Text c="dimmed">{MESSAGES.loading}</Text>
      )}
    </Paper>
  );
}

function PortfolioFigures({ portfolio }: { portfolio: LoanPortfolio }) {
  const asOf = formatCalendarDate(portfolio.asOf);
  const figures = [
    { label: 'Outstanding principal', kobo: portfolio.outstandingPrincipalKobo, note: countOf(portfolio.activeCount, 'active loan') },
    { label: 'Disbursed this month', kobo: portfolio.disbursedThisMonthKobo, note: `To ${asOf}` },
    { label: 'Repaid this month', kobo: portfolio.repaidThisMonthKobo, note: `To ${asOf}` },
    { label: 'In arrears', kobo: portfolio.arrearsKobo, note: countOf(portfolio.arrearsCount, 'loan'), isOverdue: portfolio.arrearsKobo > 0 },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {figures.map((figure) => (
        <div key={figure.label} role="group" aria-label={figure.label}>
          <Text size="sm" c="dimmed" fw={500}>
            {figure.label}
          </Text>
          <Text fz={{ base: 'md', xs: 'lg' }} fw={700} className={`${classes.figure} ${figure.isOverdue ? classes.overdue : ''}`}>
            {formatNaira(figure.kobo)}
          </Text>
          <Text size="xs" c="dimmed">
            {figure.note}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-NG')} ${noun}${count === 1 ? '' : 's'}`;
}
