import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { MESSAGES, formatNaira, type LoanView, formatMonths } from '@kobo/core';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useDecideLoan } from '../../api/admin-decide-loan.ts';
import { useWriteOffLoan } from '../../api/admin-write-off-loan.ts';
import { ActionDialog } from './action-dialog.tsx';
import { DisburseModal } from './disburse-modal.tsx';
import { ReasonModal, refusalOf } from '../../../../components/reason-modal.tsx';
import { RepaymentModal } from './repayment-modal.tsx';

type Step = 'approve' | 'reject' | 'disburse' | 'repay' | 'write-off';

type Props = {
  loan: LoanView;
  /** A step done: its success sentence, core's. */
  onDone: (message: string) => void;
  /** A step opened: the last success sentence no longer applies. */
  onStart: () => void;
};

/**
 * What the loan's status allows: approve or reject an application the guarantors have accepted,
 * reject one still waiting for them, disburse an approved one, and take repayments on or write
 * off a disbursed one. The server checks each again and may refuse (403, 409): its sentence is
 * shown in the dialog.
 */
export function LoanActions({ loan, onDone, onStart }: Props) {
  const [step, setStep] = useState<Step | null>(null);
  const decide = useDecideLoan();
  const writeOff = useWriteOffLoan();

  function open(next: Step) {
    onStart();
    decide.reset();
    writeOff.reset();
    setStep(next);
  }

  function finish(message: string) {
    setStep(null);
    onDone(message);
  }

  const close = () => setStep(null);
  const approve = () => decide.mutate({ loanId: loan.id, decision: 'approve' }, { onSuccess: () => finish(MESSAGES.loanApproved) });
  const reject = (reason: string) =>
    decide.mutate({ loanId: loan.id, decision: 'reject', reason }, { onSuccess: () => finish(MESSAGES.loanRejected) });
  const writeOffLoan = (reason: string) => writeOff.mutate({ loanId: loan.id, reason }, { onSuccess: () => finish(MESSAGES.loanWrittenOff) });

  return (
    <>
      <Group gap="xs">
        {loan.status === 'awaiting_approval' && <Button onClick={() => open('approve')}>Approve</Button>}
        {(loan.status === 'awaiting_approval' || loan.status === 'awaiting_guarantors') && (
          <Button variant="light" color="red" onClick={() => open('reject')}>
            Reject
          </Button>
        )}
        {loan.status === 'approved' && <Button onClick={() => open('disburse')}>Disburse</Button>}
        {loan.status === 'active' && <Button onClick={() => open('repay')}>Post repayment</Button>}
        {loan.status === 'active' && (
          <Button variant="light" color="red" onClick={() => open('write-off')}>
            Write off
          </Button>
        )}
      </Group>
      <ActionDialog
        isOpen={step === 'approve'}
        title="Approve loan"
        confirmLabel="Approve"
        isPending={decide.isPending}
        error={decide.isError ? errorMessage(decide.error, MESSAGES.serverError) : null}
        onConfirm={approve}
        onCancel={close}
      >
        <Text>
          Approve {formatNaira(loan.principalKobo)} over {formatMonths(loan.months)} for {loan.borrower.name}? It can then be disbursed.
        </Text>
      </ActionDialog>
      <ReasonModal
        opened={step === 'reject'}
        title="Reject application"
        confirmLabel="Reject"
        requiredMessage={MESSAGES.rejectionReasonRequired}
        isPending={decide.isPending}
        refusal={decide.isError ? refusalOf(decide.error, MESSAGES.serverError) : null}
        onSubmit={reject}
        onClose={close}
      >
        <Text size="sm">The applicant will see the reason. A rejected application cannot be reopened.</Text>
      </ReasonModal>
      <DisburseModal loan={loan} opened={step === 'disburse'} onClose={close} onDisbursed={() => finish(MESSAGES.loanDisbursed)} />
      <RepaymentModal loan={loan} opened={step === 'repay'} onClose={close} onPosted={() => finish(MESSAGES.repaymentPosted)} />
      <ReasonModal
        opened={step === 'write-off'}
        title="Write off loan"
        confirmLabel="Write off"
        requiredMessage={MESSAGES.writeOffReasonRequired}
        isPending={writeOff.isPending}
        refusal={writeOff.isError ? refusalOf(writeOff.error, MESSAGES.serverError) : null}
        onSubmit={writeOffLoan}
        onClose={close}
      >
        <Text size="sm">
          {loan.ledger ? `${formatNaira(loan.ledger.outstandingTotalKobo)} is still owed. ` : ''}
          The loan closes; its schedule and ledger stay, and its guarantees stop binding.
        </Text>
      </ReasonModal>
    </>
  );
}
