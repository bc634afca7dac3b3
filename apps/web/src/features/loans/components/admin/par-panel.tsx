import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { LOAN_CLASSIFICATION_LABELS, MESSAGES, PAR_BUCKET_LABELS, PAR_SCREEN_TEXT as TEXT, can, formatNaira, type ParBucketKey, type PortfolioAtRiskView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { PageLoading } from '../../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useSession } from '../../../../lib/auth/session.ts';
import { useExportPortfolioAtRisk, usePortfolioAtRisk } from '../../api/admin-get-portfolio-at-risk.ts';
import { LoansAtRiskTable } from './loans-at-risk-table.tsx';
import { ProvisionRunSection } from './provision-run-section.tsx';
import { RiskSettingsSection } from './risk-settings-section.tsx';
import classes from '../../../../components/figures.module.css';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';

/** A share in basis points as a percentage: 3750 → '37.50%'. */
export function percentOf(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

/**
 * /loans?tab=par (officers and the auditor, issue 33): the portfolio by days in arrears, PAR30,
 * each class's provision beside what the provision account holds; an officer runs the month-end
 * provision and sets the scale.
 */
export function ParPanel() {
  const report = usePortfolioAtRisk();
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  if (report.isPending) return <PageLoading />;
  if (report.isError) return <ErrorBanner message={errorMessage(report.error, MESSAGES.loadLoansFailed)} />;
  return (
    <Stack gap="md">
      <ParReport report={report.data} />
      {canManage && <ProvisionRunSection today={report.data.asOf} />}
      {canManage && <RiskSettingsSection />}
    </Stack>
  );
}

function ParReport({ report }: { report: PortfolioAtRiskView }) {
  const exportReport = useExportPortfolioAtRisk();
  const figures = [
    { label: TEXT.par30, value: percentOf(report.par30Bp), note: `${formatNaira(report.par30Kobo)} of ${formatNaira(report.outstandingPrincipalKobo)}`, isOverdue: report.par30Bp > 0 },
    { label: TEXT.required, value: formatNaira(report.requiredProvisionKobo), note: `To ${formatCalendarDate(report.asOf)}` },
    { label: TEXT.held, value: formatNaira(report.heldProvisionKobo), note: TEXT.heldNote },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={TEXT.title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {TEXT.title}
        </Title>
        <Button variant="default" size="xs" loading={exportReport.isPending} onClick={() => exportReport.mutate()}>
          {TEXT.export}
        </Button>
      </Group>
      <ErrorBanner message={exportReport.isError ? errorMessage(exportReport.error, MESSAGES.serverError) : null} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="md">
        {figures.map((figure) => (
          <div key={figure.label} role="group" aria-label={figure.label}>
            <Text size="sm" c="dimmed" fw={500}>
              {figure.label}
            </Text>
            <Text fz={{ base: 'md', xs: 'lg' }} fw={700} className={`${classes.figure} ${figure.isOverdue ? classes.overdue : ''}`}>
              {figure.value}
            </Text>
            <Text size="xs" c="dimmed">
              {figure.note}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {report.loanCount === 0 && (
        <Text c="dimmed" mb="sm">
          {MESSAGES.noActiveLoansForPar}
        </Text>
      )}
      <Stack gap="md">
        <FigureTable
          label={TEXT.bucketsTitle}
          firstColumn={TEXT.bucketColumn}
          lastColumn={TEXT.shareColumn}
          rows={report.buckets.map((bucket) => ({
            key: bucket.key,
            name: PAR_BUCKET_LABELS[bucket.key as ParBucketKey],
            loans: bucket.loanCount,
            outstanding: bucket.outstandingPrincipalKobo,
            last: percentOf(bucket.shareBp),
          }))}
          total={{ loans: report.loanCount, outstanding: report.outstandingPrincipalKobo, last: report.loanCount > 0 ? percentOf(10_000) : percentOf(0) }}
        />
        <FigureTable
          label={TEXT.classesTitle}
          firstColumn={TEXT.classColumn}
          lastColumn={TEXT.provisionColumn}
          rateColumn
          rows={report.classifications.map((figure) => ({
            key: figure.classification,
            name: LOAN_CLASSIFICATION_LABELS[figure.classification],
            loans: figure.loanCount,
            outstanding: figure.outstandingPrincipalKobo,
            rate: percentOf(figure.rateBp),
            last: formatNaira(figure.provisionKobo),
          }))}
          total={{ loans: report.loanCount, outstanding: report.outstandingPrincipalKobo, last: formatNaira(report.requiredProvisionKobo) }}
        />
        <LoansAtRiskTable />
      </Stack>
    </Paper>
  );
}

type FigureRow = { key: string; name: string; loans: number; outstanding: number; rate?: string; last: string };

/** One small table that fits a phone: the name, the count, the naira and the last figure; the rate column only where it applies. */
function FigureTable({ label, firstColumn, lastColumn, rows, total, rateColumn = false }: { label: string; firstColumn: string; lastColumn: string; rows: FigureRow[]; total: Omit<FigureRow, 'key' | 'name'>; rateColumn?: boolean }) {
  // A phone shows each class's rate under its name rather than in a column of its own, so the table fits 375 px.
  const isWide = useIsWideScreen();
  const showRateColumn = rateColumn && isWide;
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {label}
      </Title>
      {/* Focusable, so the arrow keys can scroll it on a phone (axe's scrollable-region-focusable), as the schedule does. */}
      <Table.ScrollContainer minWidth={isWide ? 420 : 300} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
        <Table striped verticalSpacing={4} horizontalSpacing={isWide ? 'xs' : 6} fz={isWide ? 'sm' : 'xs'} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{firstColumn}</Table.Th>
              <Table.Th ta="right">{TEXT.loansColumn}</Table.Th>
              <Table.Th ta="right">{TEXT.outstandingColumn}</Table.Th>
              {showRateColumn && <Table.Th ta="right">{TEXT.rateColumn}</Table.Th>}
              <Table.Th ta="right">{lastColumn}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  {row.name}
                  {rateColumn && !isWide && (
                    <Text span display="block" fz="xs" c="dimmed">
                      {row.rate}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.loans.toLocaleString('en-NG')}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(row.outstanding)}
                </Table.Td>
                {showRateColumn && <Table.Td ta="right">{row.rate}</Table.Td>}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {row.last}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>{TEXT.total}</Table.Td>
              <Table.Td ta="right">{total.loans.toLocaleString('en-NG')}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(total.outstanding)}
              </Table.Td>
              {showRateColumn && <Table.Td />}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {total.last}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
