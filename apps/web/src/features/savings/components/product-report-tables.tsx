import type { ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, SAVINGS_PRODUCT_KIND_LABELS, formatNaira, type BelowShareMinimumRow, type SavingsProductTotals } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import classes from '../../../components/figures.module.css';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useBelowShareMinimum } from '../api/get-below-share-minimum.ts';
import { useProductTotals } from '../api/get-product-totals.ts';

/** Totals per savings product: a table where there is room, a card per product on a phone. */
export function ProductTotalsTable() {
  const totals = useProductTotals();
  const isWide = useIsWideScreen();
  if (totals.isPending) return <PageLoading />;
  if (totals.isError) return <ErrorBanner message={errorMessage(totals.error, MESSAGES.loadSavingsFailed)} />;
  return isWide ? <TotalsTable totals={totals.data} /> : <TotalsCards totals={totals.data} />;
}

const productLabel = (product: SavingsProductTotals['products'][number]) => (product.retired ? `${product.productName} (retired)` : product.productName);

function TotalsTable({ totals }: { totals: SavingsProductTotals }) {
  return (
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
        {totals.products.map((product) => (
          <Table.Tr key={product.productId}>
            <Table.Td>{productLabel(product)}</Table.Td>
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
            {formatNaira(totals.totalKobo)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function TotalsCards({ totals }: { totals: SavingsProductTotals }) {
  return (
    <CardList label="Totals per savings product">
      {totals.products.map((product) => (
        <RowCard
          key={product.productId}
          title={productLabel(product)}
          figure={formatNaira(product.balanceKobo)}
          detail={`${SAVINGS_PRODUCT_KIND_LABELS[product.kind]} · ${product.holders} ${product.holders === 1 ? 'member' : 'members'}`}
        />
      ))}
      <RowCard title="Total" figure={formatNaira(totals.totalKobo)} />
    </CardList>
  );
}

/** The members below a share minimum: a table where there is room, a card per member on a phone. */
export function BelowMinimumTable() {
  const list = useBelowShareMinimum();
  const isWide = useIsWideScreen();
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <ErrorBanner message={errorMessage(list.error, MESSAGES.loadSavingsFailed)} />;
  if (list.data.members.length === 0) return <Text c="dimmed">Every member holds at least the share minimum.</Text>;
  if (!isWide) {
    return (
      <CardList label="Members below the share minimum">
        {list.data.members.map((member) => (
          <RowCard
            key={rowKey(member)}
            title={member.holderName}
            figure={`${formatNaira(member.shortfallKobo)} short`}
            detail={`${[member.staffId, member.productName].filter(Boolean).join(' · ')} · ${formatNaira(member.holdingKobo)} of ${formatNaira(member.minimumKobo)}`}
          />
        ))}
      </CardList>
    );
  }
  return (
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
          <Table.Tr key={rowKey(member)}>
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
  );
}

const rowKey = (member: BelowShareMinimumRow) => `${member.userId}:${member.productId}`;

function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

function RowCard({ title, figure, detail }: { title: string; figure: string; detail?: string }) {
  return (
    <li>
      <Paper withBorder radius="sm" p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text fw={700} className={classes.figure} style={{ flexShrink: 0 }}>
            {figure}
          </Text>
        </Group>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
      </Paper>
    </li>
  );
}
