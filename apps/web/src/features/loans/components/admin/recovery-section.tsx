import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatNaira, LOAN_RECOVERY_STATUS_LABELS, MESSAGES, recoveryProposedMessage, recoveryWhoLabel, type LoanRecoveryAnswer, type LoanRecoveryView, type LoanView, type RecoveryShare } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import classes from '../../../../components/figures.module.css';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useLoanRecovery, useProposeRecovery } from '../../api/admin-loan-recovery.ts';
import { ActionDialog } from './action-dialog.tsx';
import { GuarantorClaimsList } from './guarantor-claims-list.tsx';
import { Section } from './section.tsx';

const STATUS_COLOURS: Record<LoanRecoveryView['status'], string> = { proposed: 'yellow', approved: 'teal', declined: 'gray' };

type Props = { loan: LoanView; canManage: boolean; onDone: (message: string) => void; onStart: () => void };

/**
 * Issue 33 (docs/decisions/055-guarantor-recovery.md), on a disbursed loan's page: how long it has
 * been in arrears against the default setting, and, once in default, each guarantor's share of the
 * overdue amount and "Recover from guarantors" for an officer; the recoveries proposed, approved or
 * declined; and what the borrower owes each guarantor who paid.
 */
export function RecoverySection({ loan, canManage, onDone, onStart }: Props) {
  const recovery = useLoanRecovery(loan.id, true);
  if (recovery.isPending) return null;
  if (recovery.isError) return <ErrorBanner message={errorMessage(recovery.error, MESSAGES.loadLoansFailed)} />;
  const answer = recovery.data;
  const open = answer.recoveries.find((row) => row.status === 'proposed') ?? null;
  if (!answer.isInDefault && answer.recoveries.length === 0 && answer.claims.length === 0) return null;
  return (
    <Section
      title="Recovery from guarantors"
      actions={canManage && answer.isInDefault && !open && <ProposeButton loanId={loan.id} answer={answer} onDone={onDone} onStart={onStart} />}
    >
      <Stack gap="sm">
        <Text size="sm">
          {answer.daysInArrears} days in arrears; a loan is in default from {answer.defaultDays} days. Overdue:{' '}
          <span className={classes.figure}>{formatNaira(answer.overdueKobo)}</span>
        </Text>
        {answer.isInDefault && !open && <SharesList shares={answer.shares} caption="Each guarantor's share" />}
        {answer.recoveries.map((row) => (
          <RecoveryRow key={row.id} recovery={row} />
        ))}
        <GuarantorClaimsList claims={answer.claims} canManage={canManage} onDone={onDone} onStart={onStart} />
      </Stack>
    </Section>
  );
}

function SharesList({ shares, caption }: { shares: readonly RecoveryShare[]; caption: string }) {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
      {shares.map((share) => (
        <Group key={share.accountId} component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {share.name}
            </Text>
            <Text size="xs" c="dimmed" className={classes.figure}>
              Guarantees {formatNaira(share.guaranteedKobo)}
              {share.amountKobo < share.proportionalKobo && ` · savings cover only ${formatNaira(share.recoverableKobo)} of ${formatNaira(share.proportionalKobo)}`}
            </Text>
          </Stack>
          <Text size="sm" fw={600} className={classes.figure} style={{ flexShrink: 0 }}>
            {formatNaira(share.amountKobo)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function RecoveryRow({ recovery }: { recovery: LoanRecoveryView }) {
  return (
    <Stack gap={4} aria-label={`Recovery of ${formatNaira(recovery.amountKobo)}`} component="section">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} className={classes.figure}>
          Recovery of {formatNaira(recovery.amountKobo)}
        </Text>
        <Badge variant="light" color={STATUS_COLOURS[recovery.status]}>
          {LOAN_RECOVERY_STATUS_LABELS[recovery.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {recoveryWhoLabel(recovery)}
      </Text>
      {recovery.status === 'proposed' && <SharesList shares={recovery.shares.filter((share) => share.amountKobo > 0)} caption="Shares proposed" />}
    </Stack>
  );
}

function ProposeButton({ loanId, answer, onDone, onStart }: { loanId: string; answer: LoanRecoveryAnswer; onDone: (message: string) => void; onStart: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const propose = useProposeRecovery();
  const total = answer.shares.reduce((sum, share) => sum + share.amountKobo, 0);
  const taking = answer.shares.filter((share) => share.amountKobo > 0).length;
  function close() {
    setIsOpen(false);
    propose.reset();
  }
  return (
    <>
      <Button
        size="xs"
        onClick={() => {
          onStart();
          setIsOpen(true);
        }}
      >
        Recover from guarantors
      </Button>
      <ActionDialog
        isOpen={isOpen}
        title="Recover from guarantors"
        confirmLabel="Propose recovery"
        isPending={propose.isPending}
        error={propose.isError ? errorMessage(propose.error, MESSAGES.serverError) : null}
        onCancel={close}
        onConfirm={() =>
          propose.mutate(loanId, {
            onSuccess: () => {
              close();
              onDone(recoveryProposedMessage(total));
            },
          })
        }
      >
        <Text size="sm">
          Take {formatNaira(total)} from {taking === 1 ? 'one guarantor' : `${taking} guarantors`}' savings for the overdue {formatNaira(answer.overdueKobo)}, in
          proportion to what each guaranteed. Nothing moves until another officer approves it.
        </Text>
      </ActionDialog>
    </>
  );
}
