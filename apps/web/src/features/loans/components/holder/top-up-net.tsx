import { Paper, Text } from '@mantine/core';
import { formatNaira, MESSAGES, TOP_UP_LABELS, topUpNetKobo, type Kobo } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';

/** The running loan a top-up pays off first, and its payoff quote today (issue 33). */
export type TopUpOf = { loanId: string; productId: string; payoffKobo: Kobo };

/**
 * On a top-up's application: what pays off the running loan (today's quote), the fee taken from the
 * new loan, and what is left to pay to the member. The disbursement quotes again on its own day;
 * a negative net is refused then, and said here first.
 */
export function TopUpNet({ topUp, principalKobo, feeKobo }: { topUp: TopUpOf; principalKobo: number | null; feeKobo: number | null }) {
  const net = principalKobo !== null && feeKobo !== null ? topUpNetKobo(principalKobo, topUp.payoffKobo, feeKobo) : null;
  const facts = [
    { label: TOP_UP_LABELS.payoffOfRunning, value: formatNaira(topUp.payoffKobo) },
    { label: TOP_UP_LABELS.feeFromProceeds, value: feeKobo === null ? '—' : formatNaira(feeKobo as Kobo) },
    { label: TOP_UP_LABELS.net, value: net === null ? '—' : formatNaira(Math.max(net, 0) as Kobo) },
  ];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={TOP_UP_LABELS.topUp}>
      <div aria-live="polite">
        <FactList facts={facts} cols={{ base: 1, xs: 3 }} m={0} />
      </div>
      {net !== null && net < 0 && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {MESSAGES.topUpNetNegative}
        </Text>
      )}
    </Paper>
  );
}
