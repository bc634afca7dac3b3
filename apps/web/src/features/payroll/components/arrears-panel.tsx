import { Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES, formatNaira, monthLabel, type ContributionArrearsRow } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useArrears, useDownloadArrears } from '../api/arrears.ts';
import { OverdeductionsPanel } from './overdeductions-panel.tsx';

type Props = { month: string; canManage: boolean };

/**
 * Step 3 (issue 30): outstanding contribution arrears per member and product, aged 1, 2 and 3+
 * months against the chosen month (also as .xlsx), and the over-deductions held for an officer.
 */
export function ArrearsPanel({ month, canManage }: Props) {
  const arrears = useArrears(month);
  const download = useDownloadArrears();
  const isWide = useIsWideScreen();

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Contribution arrears">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} size="h4">
              Contribution arrears at {monthLabel(month)}
            </Title>
            <Button variant="light" leftSection={<FaFileExcel aria-hidden />} loading={download.isPending} onClick={() => download.mutate(month)}>
              Download .xlsx
            </Button>
          </Group>
          <ErrorBanner message={download.isError ? errorMessage(download.error, MESSAGES.exportFailed) : null} />
          {arrears.isPending ? (
            <PageLoading />
          ) : arrears.isError ? (
            <ErrorBanner message={errorMessage(arrears.error, MESSAGES.serverError)} />
          ) : arrears.data.rows.length === 0 ? (
            <Text c="dimmed">No member owes contribution arrears.</Text>
          ) : (
            <>
              {isWide ? <ArrearsTable rows={arrears.data.rows} /> : <ArrearsCards rows={arrears.data.rows} />}
              <Text fw={600}>Total outstanding {formatNaira(arrears.data.totalKobo)}</Text>
            </>
          )}
        </Stack>
      </Paper>
      <OverdeductionsPanel canManage={canManage} />
    </Stack>
  );
}

function ArrearsTable({ rows }: { rows: ContributionArrearsRow[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Arrears per member">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">1 month</Table.Th>
            <Table.Th ta="right">2 months</Table.Th>
            <Table.Th ta="right">3+ months</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.userId}-${row.productId}`}>
              <Table.Td>{row.staffId ?? '—'}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.productName}</Table.Td>
              <Table.Td ta="right">{formatNaira(row.oneMonthKobo)}</Table.Td>
              <Table.Td ta="right">{formatNaira(row.twoMonthsKobo)}</Table.Td>
              <Table.Td ta="right">{formatNaira(row.threePlusMonthsKobo)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatNaira(row.totalKobo)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ArrearsCards({ rows }: { rows: ContributionArrearsRow[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Arrears per member">
      {rows.map((row) => (
        <Card withBorder radius="md" padding="sm" role="listitem" key={`${row.userId}-${row.productId}`}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {row.staffId ?? '—'} · {row.productName}
              </Text>
            </div>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(row.totalKobo)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            1 month {formatNaira(row.oneMonthKobo)} · 2 months {formatNaira(row.twoMonthsKobo)} · 3+ months {formatNaira(row.threePlusMonthsKobo)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
