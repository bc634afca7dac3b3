import { Badge, Button, Group, Text } from '@mantine/core';
import { formatNaira, signedAmountKobo, type SavingsTransactionView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { formatDateTime, localIsoDate } from '../../../lib/format-date-time.ts';
import classes from '../../../components/figures.module.css';
import { TRANSACTION_TYPE_COLORS, TRANSACTION_TYPE_LABELS } from './transaction-labels.ts';

/** The pieces of one history row, shared by the wide table and the phone's cards. */

/** Neither already undone nor itself an undo: the only postings a reversal may take back. */
export function isReversible(transaction: SavingsTransactionView): boolean {
  return !transaction.reversedById && !transaction.reversesId;
}

/**
 * The value date, the day the money counts for (issue 11), and the moment it was recorded when
 * that fell on another day (a back-dated payroll deduction), so neither hides the other.
 */
export function ValueDate({ transaction }: { transaction: SavingsTransactionView }) {
  const recordedDay = localIsoDate(new Date(transaction.createdAt));
  return (
    <>
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatCalendarDate(transaction.valueDate)}
      </Text>
      {recordedDay !== transaction.valueDate && (
        <Text size="xs" c="dimmed">
          Recorded {formatDateTime(transaction.createdAt)}
        </Text>
      )}
    </>
  );
}

/** The type, and whether the posting was undone or is the undoing: words, not only colour. */
export function TypeBadges({ transaction }: { transaction: SavingsTransactionView }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={TRANSACTION_TYPE_COLORS[transaction.type]} style={{ flexShrink: 0 }}>
        {TRANSACTION_TYPE_LABELS[transaction.type]}
      </Badge>
      {transaction.reversedById && (
        <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
          Reversed
        </Badge>
      )}
      {transaction.reversesId && (
        <Badge variant="outline" color="grape" style={{ flexShrink: 0 }}>
          Reversal
        </Badge>
      )}
    </Group>
  );
}

/** Money in shows with a plus, money out with a minus: the sign, not only the colour, says which. */
export function SignedAmount({ transaction }: { transaction: SavingsTransactionView }) {
  const signed = signedAmountKobo(transaction.type, transaction.amountKobo);
  return (
    <Text
      span
      fw={600}
      className={signed < 0 ? classes.outflow : classes.inflow}
      td={transaction.reversedById ? 'line-through' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {signed < 0 ? formatNaira(signed) : `+${formatNaira(signed)}`}
    </Text>
  );
}

export function Description({ transaction }: { transaction: SavingsTransactionView }) {
  const counterparty =
    transaction.counterpartyName && (transaction.type === 'transfer_out' ? `To ${transaction.counterpartyName}` : `From ${transaction.counterpartyName}`);
  // A reversal's description normally reads 'Reversal: <reason>'; the reason is shown whenever it does not.
  const reason = transaction.reason && !transaction.description?.includes(transaction.reason) ? `Reason: ${transaction.reason}` : null;
  const parts = [transaction.description, reason].filter(Boolean).join(' · ');
  if (!parts && !counterparty) return <Text span c="dimmed">—</Text>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {parts}
      {parts && counterparty ? ' · ' : ''}
      {counterparty && (
        <Text span size="sm" c="dimmed">
          {counterparty}
        </Text>
      )}
    </Text>
  );
}

export function ReverseButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="subtle" color="red" size="compact-sm" onClick={onClick}>
      Reverse
    </Button>
  );
}
