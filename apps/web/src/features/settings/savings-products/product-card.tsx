import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import {
  dayOfYearLabel,
  describePenalty,
  formatMonths,
  formatNaira,
  formatRate,
  ORDINARY_SAVINGS_PRODUCT_ID,
  PAYOUT_TO_LABELS,
  SAVINGS_PRODUCT_KIND_LABELS,
  windowLabel,
  type SavingsProductView,
} from '@kobo/core';
import { FactList, type Fact } from '../../../components/fact-list.tsx';

export type ProductActions = { onEdit: () => void; onRetireOrRestore: () => void; onDelete: () => void };
type Props = { product: SavingsProductView; controlAccount: string; actions: ProductActions };

/** Each kind's key rules, in COOPERATIVE.md's words. */
function ruleFacts(product: SavingsProductView): Fact[] {
  switch (product.kind) {
    case 'shares':
      return [
        { label: 'Price', value: product.sharePriceKobo === null ? 'Held as a naira amount' : `${formatNaira(product.sharePriceKobo)} a share` },
        { label: 'Minimum holding', value: product.minimumHoldingKobo === null ? 'None' : formatNaira(product.minimumHoldingKobo) },
      ];
    case 'target':
      return [
        { label: 'Withdrawal window', value: windowLabel(product) },
        { label: 'Pay-out', value: product.payoutOn ? `${dayOfYearLabel(product.payoutOn)}: ${PAYOUT_TO_LABELS[product.payoutTo ?? 'ordinary'].toLowerCase()}` : '' },
        { label: 'Early withdrawal', value: product.earlyWithdrawal ? `Allowed; penalty ${describePenalty(product.penalty).toLowerCase()}` : 'Not allowed' },
      ];
    case 'fixed':
      return [
        { label: 'Interest', value: `${formatRate(product.annualRateBp ?? 0)} a year` },
        { label: 'Term', value: product.termMonths === null ? '' : formatMonths(product.termMonths) },
        { label: 'Breaking early', value: describePenalty(product.penalty) },
      ];
    case 'ordinary':
      return [{ label: 'Rules', value: 'Withdrawals, transfers and holds; two-person approval above the threshold' }];
  }
}

/** One product: its name, kind, control account and key rules, with Edit, Retire (or Restore) and Delete. */
export function SavingsProductCard({ product, controlAccount, actions }: Props) {
  const isOrdinary = product.id === ORDINARY_SAVINGS_PRODUCT_ID;
  const isRetired = product.retiredAt !== null;
  const facts = [{ label: 'Kind', value: SAVINGS_PRODUCT_KIND_LABELS[product.kind] }, { label: 'Control account', value: controlAccount }, ...ruleFacts(product)];
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={product.name}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Title>
        {isRetired && (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Retired
          </Badge>
        )}
      </Group>
      <FactList facts={facts} cols={{ base: 1, xs: 2 }} mt="sm" />
      <Group justify="flex-end" gap="xs" mt="sm">
        {isOrdinary && (
          <Text size="xs" c="dimmed" mr="auto">
            Every member’s first account
          </Text>
        )}
        <Button size="compact-sm" variant="light" onClick={actions.onEdit} aria-label={`Edit ${product.name}`}>
          Edit
        </Button>
        {!isOrdinary && (
          <>
            <Button
              size="compact-sm"
              variant="light"
              color={isRetired ? undefined : 'red'}
              onClick={actions.onRetireOrRestore}
              aria-label={`${isRetired ? 'Restore' : 'Retire'} ${product.name}`}
            >
              {isRetired ? 'Restore' : 'Retire'}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={actions.onDelete} aria-label={`Delete ${product.name}`}>
              Delete
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}
