import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES, formatNaira, type SavingsPayoutRun } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { BelowMinimumTable, ProductTotalsTable } from './product-report-tables.tsx';
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

/** Makes the pay-outs and maturities due today now; says what moved and where, or that nothing was due. */
function RunPayoutsButton() {
  const run = useRunProductPayouts();
  const [said, setSaid] = useState<string | null>(null);
  function handleRun() {
    setSaid(null);
    run.mutate(undefined, {
      onSuccess: ({ runs }) => setSaid(runs.length === 0 ? 'No pay-out or maturity is due today' : runs.map(describeRun).join(' · ')),
      onError: (failure) => setSaid(errorMessage(failure, MESSAGES.serverError)),
    });
  }
  return (
    <>
      {/* Always in the page, so a screen reader announces what each press says. */}
      <Text size="sm" role="status">
        {said}
      </Text>
      <Button variant="light" size="xs" loading={run.isPending} onClick={handleRun}>
        Make today’s pay-outs
      </Button>
    </>
  );
}

/** 'Christmas Savings: ₦18,000.00 moved to ordinary savings for 1 member'; a matured deposit's interest named. */
function describeRun(done: SavingsPayoutRun): string {
  const members = `${done.accounts} ${done.accounts === 1 ? 'member' : 'members'}`;
  const interest = done.interestKobo > 0 ? ` (${formatNaira(done.interestKobo)} interest)` : '';
  const where = done.destination === 'out' ? `paid out to ${members}` : `moved to ordinary savings for ${members}`;
  return `${done.productName}: ${formatNaira(done.movedKobo)}${interest} ${where}`;
}
