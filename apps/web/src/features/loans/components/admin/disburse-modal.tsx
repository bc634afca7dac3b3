import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, formatNaira, type LoanView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import { useDisburseLoan } from '../../api/admin-disburse-loan.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { useValueDate, type ValueDateState } from '../../../../lib/use-value-date.ts';
import { ValueDateInput } from '../../../../components/value-date-input.tsx';

type Props = { loan: LoanView; opened: boolean; onClose: () => void; onDisbursed: () => void };

/** Pays out an approved loan on a value date (today unless an earlier day is chosen). */
export function DisburseModal({ loan, opened, onClose, onDisbursed }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="Disburse loan" fullScreen={isPhone} centered>
      <DisburseForm loan={loan} onCancel={onClose} onDisbursed={onDisbursed} />
    </Modal>
  );
}

const FIELDS = ['valueDate'] as const;

function DisburseForm({ loan, onCancel, onDisbursed }: Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const disburse = useDisburseLoan();
  // One key while the body stays the same: a retry after a lost answer pays out once.
  const idempotency = useIdempotencyKey();
  const valueDate = useValueDate();
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disburse.isPending) return;
    if (problems.check({ valueDate: valueDate.problem() })) return;
    const body = valueDate.field();
    disburse.mutate(
      { loanId: loan.id, body, idempotencyKey: idempotency.keyFor({ loanId: loan.id, ...body }) },
      {
        onSuccess: () => {
          idempotency.reset();
          onDisbursed();
        },
        onError: (failure) => problems.fromServer(failure, MESSAGES.serverError),
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Pays out <strong>{formatNaira(loan.principalKobo)}</strong> to {loan.borrower.name}
          {loan.feeKobo > 0 ? `, charging the fee of ${formatNaira(loan.feeKobo)}` : ''}. The first instalment falls due at the end of
          the month after the value date.
        </Text>
        <ValueDateField
          state={valueDate}
          error={problems.errorOf('valueDate')}
          onEdited={() => problems.edited('valueDate')}
          description="The day the money was paid out. Not before the day of the application."
        />
        <ErrorBanner message={problems.banner} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={disburse.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={disburse.isPending}>
            Disburse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ValueDateFieldProps = { state: ValueDateState; error: string | true | null; onEdited: () => void; description: string };

/** A loan form's value date as one of its fields (issue 34): flagged beside itself, its flag cleared when the day is changed. */
export function ValueDateField({ state, error, onEdited, description }: ValueDateFieldProps) {
  const set = (next: string) => {
    state.set(next);
    onEdited();
  };
  return <ValueDateInput state={{ ...state, set }} error={error} description={description} />;
}
