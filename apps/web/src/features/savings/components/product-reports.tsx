import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES, SAVINGS_PRODUCT_KIND_LABELS, formatNaira } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import classes from '../../../components/figures.module.css';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBelowShareMinimum } from '../api/get-below-share-minimum.ts';
import { useProductTotals } from '../api/get-product-totals.ts';
import { useDownloadProductReport, type ProductReport } from '../api/download-product-report.ts';
import { useRunProductPayouts } from '../api/run-product-payouts.ts';

/**
 * The admins' view of savings products (issue 29 "Seeing it"): totals per product and the members
 * below a share minimum, each downloadable as .xlsx; an officer may also make the day's pay-outs
 * and maturities now rather than wait for the next check.
 */
export function ProductReports({ canManage }: { canManage: boolean }) {
  return (
    <Stack gap="md">
      <ReportSection title="Savings products" report="totals" action={canManage ? <RunPayoutsButton /> : null}>
        <ProductTotalsTable />
      </ReportSection>
      <ReportSection title="Below the share minimum" report="below-minimum">
        <BelowMinimumTable />
      </ReportSection>
    </Stack>
  );
}

function ReportSection({ title, report, action, children }: { title: string; report: ProductReport; action?: ReactNode; children: ReactNode }) {
  const download = useDownloadProductReport();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="xs">
          {action}
          <Button variant="default" size="xs" leftSection={<FaFileExcel aria-hidden />} loading={download.isPending} onClick={() => download.mutate(report)}>
            Download .xlsx
          </Button>
        </Group>
      </Group>
      {download.isError && <ErrorBanner message={errorMessage(download.error, MESSAGES.serverError)} />}
      {children}
    </Paper>
  );
}

function ProductTotalsTable() {
  const totals = useProductTotals();
  if (totals.isPending) return <PageLoading />;
  if (totals.isError) return <ErrorBanner message={errorMessage(totals.error, MESSAGES.loadSavingsFailed)} />;
  return (
    <Table.ScrollContainer minWidth={440}>
      <Table striped verticalSpacing="xs" aria-label="Totals per savings product">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th ta="right">Members</Table.Th>
            <Table.Th ta="right">Total balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.data.products.map((product) => (
            <Table.Tr key={product.productId}>
              <Table.Td>{product.retired ? `${product.productName} (retired)` : product.productName}</Table.Td>
              <Table.Td>{SAVINGS_PRODUCT_KIND_LABELS[product.kind]}</Table.Td>
              <Table.Td ta="right">{product.holders}</Table.Td>
              <Table.Td ta="right" className={classes.figure}>
                {formatNaira(product.balanceKobo)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total</Table.Th>
            <Table.Th ta="right" className={classes.figure}>
              {formatNaira(totals.data.totalKobo)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function BelowMinimumTable() {
  const list = useBelowShareMinimum();
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <ErrorBanner message={errorMessage(list.error, MESSAGES.loadSavingsFailed)} />;
  if (list.data.members.length === 0) return <Text c="dimmed">Every member holds at least the share minimum.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped verticalSpacing="xs" aria-label="Members below the share minimum">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Holding</Table.Th>
            <Table.Th ta="right">Minimum</Table.Th>
            <Table.Th ta="right">Shortfall</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.members.map((member) => (
            <Table.Tr key={`${member.userId}:${member.productId}`}>
              <Table.Td>{member.holderName}</Table.Td>
              <Table.Td>{member.staffId ?? '—'}</Table.Td>
              <Table.Td>{member.productName}</Table.Td>
              <Table.Td ta="right" className={classes.figure}>
                {formatNaira(member.holdingKobo)}
              </Table.Td>
              <Table.Td ta="right" className={classes.figure}>
                {formatNaira(member.minimumKobo)}
              </Table.Td>
              <Table.Td ta="right" className={classes.figure}>
                {formatNaira(member.shortfallKobo)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Makes the pay-outs and maturities due today now; says what moved, or that nothing was due. */
function RunPayoutsButton() {
  const run = useRunProductPayouts();
  const [said, setSaid] = useState<string | null>(null);
  function handleRun() {
    setSaid(null);
    run.mutate(undefined, {
      onSuccess: ({ runs }) =>
        setSaid(
          runs.length === 0
            ? 'No pay-out or maturity is due today'
            : runs.map((done) => `${done.productName}: ${formatNaira(done.movedKobo)} for ${done.accounts} ${done.accounts === 1 ? 'member' : 'members'}`).join(' · '),
        ),
      onError: (failure) => setSaid(errorMessage(failure, MESSAGES.serverError)),
    });
  }
  return (
    <>
      {said && (
        <Text size="sm" role="status">
          {said}
        </Text>
      )}
      <Button variant="light" size="xs" loading={run.isPending} onClick={handleRun}>
        Make today’s pay-outs
      </Button>
    </>
  );
}
