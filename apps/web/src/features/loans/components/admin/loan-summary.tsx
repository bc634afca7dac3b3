import type { ReactNode } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';
import { INTEREST_METHOD_LABELS, formatNaira, type LoanView, formatMonths, formatRate, loanChargeLabels } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { LoanStatusBadge } from '../loan-status-badge.tsx';

/** Who borrows what, on which terms (copied from the product when applied for), and the actions. */
export function LoanSummary({ loan, actions }: { loan: LoanView; actions: ReactNode }) {
  const facts = [
    // Issue 33: a murabaha's amount is the item's cost price, its charge a markup on it; a qard hasan has no rate.
    { label: loan.kind === 'murabaha' ? 'Cost price' : 'Amount', value: formatNaira(loan.principalKobo) },
    { label: 'Term', value: formatMonths(loan.months) },
    ...(loan.kind === 'interest'
      ? [
          { label: 'Method', value: INTEREST_METHOD_LABELS[loan.method] },
          { label: 'Annual rate', value: formatRate(loan.annualRateBp) },
        ]
      : loan.kind === 'murabaha'
        ? [
            { label: loanChargeLabels(loan.kind).charge, value: `${formatRate(loan.markupBp ?? 0)} · ${formatNaira(loan.schedule.totalInterest)}` },
            { label: 'Selling price', value: formatNaira(loan.schedule.totalRepayable) },
          ]
        : []),
    { label: 'Fee', value: loan.feeKobo > 0 ? formatNaira(loan.feeKobo) : 'None' },
    { label: 'Monthly instalment', value: formatNaira(loan.schedule.monthlyInstalment) },
    { label: 'Total repayable', value: formatNaira(loan.schedule.totalRepayable) },
    { label: 'Applied', value: formatDateTime(loan.appliedAt) },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Loan summary">
      {/* The page's title names the borrower and product; the status leads here, beside what it allows. */}
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Summary
          </Title>
          <LoanStatusBadge status={loan.status} />
          {loan.borrower.staffId && (
            <Text size="sm" c="dimmed">
              {loan.borrower.staffId}
            </Text>
          )}
        </Group>
        {actions}
      </Group>
      <FactList facts={facts} cols={{ base: 2, sm: 4 }} mt="sm" />
      <FactList facts={[...(loan.item ? [{ label: 'Item', value: loan.item }] : []), { label: 'Purpose', value: loan.purpose }]} cols={1} mt="sm" />
    </Paper>
  );
}
