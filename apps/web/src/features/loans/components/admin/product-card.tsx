import { Badge, Button, Group, Paper, Title } from '@mantine/core';
import { LOAN_KIND_LABELS, earlyRepaymentLabel, formatCharityRule, formatPenaltyRule, formatMultiple, formatNaira, type LoanProductView, formatFeeRule, formatMonths, productChargeLabel } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';

/** `actions`: Edit and Retire (or Restore); null for a reader who changes nothing (the auditor, issue 27). */
type Props = { product: LoanProductView; actions: { onEdit: () => void; onRetireOrRestore: () => void } | null };

/** One product's rules, with Edit and Retire (or Restore, once retired). */
export function ProductCard({ product, actions }: Props) {
  const facts = [
    { label: 'Kind', value: LOAN_KIND_LABELS[product.kind] },
    productChargeLabel(product),
    { label: 'Longest term', value: formatMonths(product.maxMonths) },
    { label: 'Multiple of savings', value: formatMultiple(product.savingsMultiple) },
    { label: 'Largest loan', value: formatNaira(product.maxAmount) },
    { label: 'Guarantors', value: String(product.guarantorsRequired) },
    { label: 'Fee', value: formatFeeRule(product.fee) },
    { label: 'Early repayment', value: earlyRepaymentLabel(product) },
    // Issue 33: a murabaha charges no penalty; its late payment is the charity donation below.
    ...(product.kind === 'murabaha' ? [] : [{ label: 'Penalty', value: formatPenaltyRule(product.penalty) }]),
    ...(product.kind === 'murabaha' ? [{ label: 'Late-payment donation', value: formatCharityRule(product.lateCharity) }] : []),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={product.name}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Title>
        {product.retired && (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Retired
          </Badge>
        )}
      </Group>
      <FactList facts={facts} cols={2} mt="sm" />
      {actions && (
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="compact-sm" variant="light" onClick={actions.onEdit} aria-label={`Edit ${product.name}`}>
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color={product.retired ? undefined : 'red'}
            onClick={actions.onRetireOrRestore}
            aria-label={`${product.retired ? 'Restore' : 'Retire'} ${product.name}`}
          >
            {product.retired ? 'Restore' : 'Retire'}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
