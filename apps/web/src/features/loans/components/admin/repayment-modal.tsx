import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, firstIssueMessage, formatNaira, loanRepaymentSchema, type LoanView } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
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

type Problems = { amount: string | null; valueDate: string | null; other: string | null };
const NO_PROBLEMS: Problems = { amount: null, valueDate: null, other: null };

function RepaymentForm({ loan, onCancel, onPosted }: Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const post = usePostRepayment();
  const idempotency = useIdempotencyKey();
  const valueDate = useValueDate();
  const [amount, setAmount] = useState<string | number>('');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    const parsed = loanRepaymentSchema.safeParse({ amount });
    const found = { ...NO_PROBLEMS, amount: parsed.success ? null : firstIssueMessage(parsed.error), valueDate: valueDate.problem() };
    setProblems(found);
    if (found.amount || found.valueDate) return;
    const body = { amount, ...valueDate.field() };
    post.mutate(
      { loanId: loan.id, body, idempotencyKey: idempotency.keyFor({ loanId: loan.id, ...body }) },
      {
        onSuccess: () => {
          idempotency.reset();
          onPosted();
        },
        onError: (failure) => {
          const message = errorMessage(failure, MESSAGES.serverError);
          const field = failure instanceof ApiError ? failure.field : undefined;
          setProblems({ ...NO_PROBLEMS, ...(field === 'amount' || field === 'valueDate' ? { [field]: message } : { other: message }) });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {loan.ledger && (
          <Text size="sm">
            {loan.borrower.name} owes <strong>{formatNaira(loan.ledger.outstandingTotalKobo)}</strong> in all
            {loan.ledger.arrears.amountOverdue > 0 ? `, of which ${formatNaira(loan.ledger.arrears.amountOverdue)} is overdue` : ''}.
          </Text>
        )}
        <AmountInput value={amount} onChange={setAmount} error={problems.amount} required />
        <ValueDateInput state={valueDate} error={problems.valueDate} description="The day the money arrived. Leave it on today unless it belongs to an earlier day." />
        <ErrorBanner message={problems.other} />
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
