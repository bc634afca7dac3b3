import { Paper, Stack } from '@mantine/core';
import { formatNaira, loanChargeLabels, type LoanKind, type LoanQuote } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';
import { ScheduleDisclosure } from './schedule-disclosure.tsx';

type Props = {
  quote: LoanQuote;
  isStale: boolean;
  /** An officer applying for a member: the limits are the member's, said so. */
  isOnBehalf?: boolean;
  /** Issue 33: the product's kind names the charge (markup, fee). */
  kind?: LoanKind;
};

/**
 * What the loan asked for would cost, before applying: the instalment, the interest, the total, the
 * fee, and the most this holder may borrow. Read out politely as it changes.
 */
export function QuoteSummary({ quote, isStale, isOnBehalf = false, kind }: Props) {
  const facts = [
    { label: 'Monthly instalment', value: formatNaira(quote.schedule.monthlyInstalment) },
    { label: loanChargeLabels(kind).total, value: formatNaira(quote.schedule.totalInterest) },
    { label: 'Total repayable', value: formatNaira(quote.schedule.totalRepayable) },
    { label: 'Processing fee', value: formatNaira(quote.feeKobo) },
    { label: isOnBehalf ? 'Most they can borrow' : 'Most you can borrow', value: formatNaira(quote.maxAmountKobo) },
    { label: isOnBehalf ? 'Their savings' : 'Your savings', value: formatNaira(quote.savingsBalanceKobo) },
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label="Quote"
      aria-busy={isStale}
      style={{ opacity: isStale ? 0.6 : 1, transition: 'opacity 120ms ease' }}
    >
      <Stack gap="xs">
        {/* Only the figures are read out as they change, not the schedule below them. */}
        <div aria-live="polite">
          <FactList facts={facts} cols={{ base: 2, sm: 3 }} m={0} />
        </div>
        <ScheduleDisclosure schedule={quote.schedule} kind={kind} caption="Repayment schedule if disbursed this month" />
      </Stack>
    </Paper>
  );
}
