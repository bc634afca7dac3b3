import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { MESSAGES, formatNaira, type LoanEntryView, type LoanKind } from '@kobo/core';
import { ReasonModal, refusalOf, type ReasonRefusal } from '../../../../components/reason-modal.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import { useValueDate } from '../../../../lib/use-value-date.ts';
import { useReverseLoanEntry } from '../../api/admin-reverse-loan-entry.ts';
import { entryLabel, entrySplit } from '../loan-entries.ts';
import { ValueDateField } from './disburse-modal.tsx';

const FIELDS = ['valueDate'] as const;

type Props = {
  /** Issue 33: the loan's kind names its charge (markup, fee). */
  kind?: LoanKind;
  /** The entry to reverse; null while the modal is closed. */
  entry: LoanEntryView | null;
  onClose: () => void;
  onReversed: () => void;
};

/**
 * Issue 12's undo, with the savings reversal's rules: the ledger is append-only, so an entry is
 * taken back by a linked entry the other way, with a reason and a value date (today unless an
 * earlier day, never before the entry's own). A retry of the same dialog sends the same
 * Idempotency-Key, so a lost answer never reverses twice.
 */
export function ReverseEntryModal({ entry, kind, onClose, onReversed }: Props) {
  const reverse = useReverseLoanEntry();
  const idempotency = useIdempotencyKey();
  const valueDate = useValueDate();
  const [refusal, setRefusal] = useState<ReasonRefusal>(null);
  // The reason is ReasonModal's own field; the value date beside it is this form's.
  const problems = useFormProblems(FIELDS);

  function close() {
    setRefusal(null);
    problems.clear();
    valueDate.reset();
    onClose();
  }

  function handleSubmit(reason: string) {
    if (!entry) return;
    const before = valueDate.value && valueDate.value < entry.valueDate ? MESSAGES.reversalBeforeOriginal : null;
    if (problems.check({ valueDate: valueDate.problem() ?? before })) return;
    setRefusal(null);
    const body = { reason, ...valueDate.field() };
    // mutateAsync, not mutate's callbacks: reversing a disbursement empties the history this modal
    // lives in, so it may be gone by the time the answer comes, and mutate's callbacks would then
    // never run; the page's "Entry reversed" must still show.
    reverse.mutateAsync({ entryId: entry.id, body, idempotencyKey: idempotency.keyFor({ id: entry.id, ...body }) }).then(
      () => {
        idempotency.reset();
        setRefusal(null);
        valueDate.reset();
        onReversed();
      },
      (failure: unknown) => {
        if (failure instanceof ApiError && failure.field === 'valueDate') return problems.fromServer(failure, MESSAGES.serverError);
        setRefusal(refusalOf(failure, MESSAGES.serverError));
      },
    );
  }

  return (
    <ReasonModal
      opened={entry !== null}
      title={entry ? `Reverse ${entryLabel(entry).toLowerCase()}` : 'Reverse entry'}
      confirmLabel="Reverse"
      isDestructive
      requiredMessage={MESSAGES.reversalReasonRequired}
      isPending={reverse.isPending}
      refusal={refusal}
      onSubmit={handleSubmit}
      onClose={close}
    >
      {entry && (
        // The focus goes to the value date when it is flagged: ReasonModal holds the form element.
        <Stack gap="sm" id={problems.formId}>
          <Text size="sm">
            {entryLabel(entry)} of <strong>{formatNaira(entry.amountKobo)}</strong> valued {formatCalendarDate(entry.valueDate)}. {consequence(entry, kind)} The
            original stays in the history, marked Reversed.
          </Text>
          <ValueDateField
            state={valueDate}
            error={problems.errorOf('valueDate')}
            onEdited={() => problems.edited('valueDate')}
            description={`The day the reversal counts for. Leave it on today unless it belongs to an earlier day, not before ${formatCalendarDate(entry.valueDate)}.`}
          />
        </Stack>
      )}
    </ReasonModal>
  );
}

/** What undoing this entry does to the loan, in a sentence. */
function consequence(entry: LoanEntryView, kind: LoanKind | undefined): string {
  if (entry.type === 'disbursement') return 'Its processing fee is reversed with it, and the loan goes back to Approved, ready to be disbursed again.';
  const split = entrySplit(entry, kind)
    .map((part) => `${part.label.toLowerCase()} ${formatNaira(part.amountKobo)}`)
    .join(', ');
  return `What it paid (${split}) is owed again.`;
}
