import { useState } from 'react';
import { Text } from '@mantine/core';
import { MESSAGES, TRANSACTION_TYPE_LABELS, formatNaira, type SavingsTransactionView } from '@kobo/core';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useReverseTransaction } from '../api/reverse-transaction.ts';
import { ReasonModal, refusalOf, type ReasonRefusal } from '../../../components/reason-modal.tsx';

type Props = {
  /** The posting to reverse; null while the modal is closed. */
  transaction: SavingsTransactionView | null;
  onClose: () => void;
  onReversed: () => void;
};

/**
 * Issue 11's undo: the ledger is append-only, so a mistake is taken back by postings of the
 * opposite type, with a reason, valued today. The original stays in the history, marked Reversed.
 */
export function ReverseTransactionModal({ transaction, onClose, onReversed }: Props) {
  const reverse = useReverseTransaction();
  const idempotency = useIdempotencyKey();
  const [refusal, setRefusal] = useState<ReasonRefusal>(null);

  function close() {
    setRefusal(null);
    onClose();
  }

  function handleSubmit(reason: string) {
    if (!transaction) return;
    const body = { reason };
    // A refusal again after this one is a new one: shown again even if its words are the same.
    setRefusal(null);
    reverse.mutate(
      { transactionId: transaction.id, body, idempotencyKey: idempotency.keyFor({ id: transaction.id, ...body }) },
      {
        onSuccess: () => {
          idempotency.reset();
          setRefusal(null);
          onReversed();
        },
        onError: (failure) => setRefusal(refusalOf(failure, MESSAGES.reverseFailed)),
      },
    );
  }

  const isTransfer = transaction?.transferId !== null && transaction?.transferId !== undefined;
  return (
    <ReasonModal
      opened={transaction !== null}
      title="Reverse transaction"
      confirmLabel="Reverse transaction"
      isDestructive
      requiredMessage={MESSAGES.reversalReasonRequired}
      isPending={reverse.isPending}
      refusal={refusal}
      onSubmit={handleSubmit}
      onClose={close}
    >
      {transaction && (
        <Text size="sm">
          {TRANSACTION_TYPE_LABELS[transaction.type]} of <strong>{formatNaira(transaction.amountKobo)}</strong> valued{' '}
          {formatCalendarDate(transaction.valueDate)}
          {transaction.description ? ` (${transaction.description})` : ''}. Kobo posts the opposite amount today
          {isTransfer ? ' on both sides of the transfer' : ''}; the original stays in the history, marked Reversed.
        </Text>
      )}
    </ReasonModal>
  );
}
