import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, formatNaira, loanRepaymentSchema, type LoanView } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import { usePostRepayment } from '../../api/admin-post-repayment.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { useValueDate } from '../../../../lib/use-value-date.ts';
import { ValueDateInput } from '../../../../components/value-date-input.tsx';

type Props = { loan: LoanView; opened: boolean; onClose: () => void; onPosted: () => void };

/** Money that arrived for a disbursed loan; the server allocates it and refuses more than can be repaid. */
export function RepaymentModal({ loan, opened, onClose, onPosted }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="Post repayment" fullScreen={isPhone} centered>
      <RepaymentForm loan={loan} onCancel={onClose} onPosted={onPosted} />
    </Modal>
  );
}

const FIELDS = ['amount', 'valueDate'] as const;

function RepaymentForm({ loan, onCancel, onPosted }: Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const post = usePostRepayment();
  const idempotency = useIdempotencyKey();
  const valueDate = useValueDate();
  const [amount, setAmount] = useState<string | number>('');
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    const parsed = loanRepaymentSchema.safeParse({ amount });
    if (problems.fromSchema(parsed.success ? null : parsed.error, { valueDate: valueDate.problem() })) return;
    const body = { amount, ...valueDate.field() };
    post.mutate(
      { loanId: loan.id, body, idempotencyKey: idempotency.keyFor({ loanId: loan.id, ...body }) },
      {
        onSuccess: () => {
          idempotency.reset();
          onPosted();
        },
        onError: (failure) => problems.fromServer(failure, MESSAGES.serverError),
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {loan.ledger && (
          <Text size="sm">
            {loan.borrower.name} owes <strong>{formatNaira(loan.ledger.outstandingTotalKobo)}</strong> in all
            {loan.ledger.arrears.amountOverdue > 0 ? `, of which ${formatNaira(loan.ledger.arrears.amountOverdue)} is overdue` : ''}.
          </Text>
        )}
        <AmountInput
          value={amount}
          onChange={(value) => {
            setAmount(value);
            problems.edited('amount');
          }}
          error={problems.errorOf('amount')}
          required
        />
        <ValueDateInput state={valueDate} error={problems.errorOf('valueDate')} description="The day the money arrived. Leave it on today unless it belongs to an earlier day." />
        <ErrorBanner message={problems.banner} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={post.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={post.isPending}>
            Post repayment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
