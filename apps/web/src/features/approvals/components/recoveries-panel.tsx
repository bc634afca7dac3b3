import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNaira, MESSAGES, RECOVERY_DECLINED_MESSAGE, recoveryApprovedMessage, type LoanRecoveryView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import classes from '../../../components/figures.module.css';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { useDecideRecovery, usePendingRecoveries } from '../api/loan-recoveries.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { ShareStanding } from './share-standing.tsx';

type Props = { onDone: (message: string) => void; onStart: () => void };

/**
 * Issue 33 on /approvals: recoveries from guarantors proposed by one officer, for another to approve
 * (the guarantors' savings pay the defaulted loan's overdue amount) or decline with a reason. The
 * proposer is offered no Approve. Nothing shows when none waits. Beside each share, the guarantor's
 * savings and what the approval leaves available to them (issue 34).
 */
export function RecoveriesPanel({ onDone, onStart }: Props) {
  const pending = usePendingRecoveries();
  const myId = useSession().data?.id;
  const decide = useDecideRecovery();
  const [open, setOpen] = useState<{ action: 'approve' | 'decline'; recovery: LoanRecoveryView } | null>(null);
  const recoveries = pending.data?.recoveries ?? [];
  if (pending.isError) return <ErrorBanner message={errorMessage(pending.error, MESSAGES.loadLoansFailed)} />;
  if (recoveries.length === 0) return null;

  function start(action: 'approve' | 'decline', recovery: LoanRecoveryView) {
    onStart();
    decide.reset();
    setOpen({ action, recovery });
  }
  function finish(message: string) {
    setOpen(null);
    onDone(message);
  }
  const chosen = open?.recovery ?? null;
  const refusal = decide.isError ? errorMessage(decide.error, MESSAGES.serverError) : null;

  return (
    <Stack gap="sm" component="section" aria-label="Recoveries from guarantors">
      <Title order={2} size="h4">
        Recoveries from guarantors
      </Title>
      {recoveries.map((recovery) => (
        <Paper key={recovery.id} withBorder radius="md" p="md" component="article" aria-label={`Recovery for ${recovery.borrowerName}`}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {recovery.borrowerName} · {recovery.productName}
                </Text>
                <Text size="sm" c="dimmed">
                  {recovery.daysInArrears} days in arrears · proposed by {recovery.proposedByName}
                </Text>
              </Stack>
              <Text fw={600} className={classes.figure}>
                {formatNaira(recovery.amountKobo)}
              </Text>
            </Group>
            {/* Each share is two lines (the share, the guarantor's savings): a gap keeps each pair together. */}
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Shares">
              {recovery.shares
                .filter((share) => share.amountKobo > 0)
                .map((share) => (
                  <li key={share.accountId}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {share.name}
                      </Text>
                      <Text size="sm" className={classes.figure}>
                        {formatNaira(share.amountKobo)}
                      </Text>
                    </Group>
                    <ShareStanding standing={share.standing} />
                  </li>
                ))}
            </Stack>
            <Group justify="flex-end" gap="sm">
              {recovery.proposedById === myId ? (
                <Text size="xs" c="dimmed">
                  You proposed this: another officer approves it.
                </Text>
              ) : (
                <Button size="xs" onClick={() => start('approve', recovery)}>
                  Approve
                </Button>
              )}
              <Button size="xs" variant="default" color="red" onClick={() => start('decline', recovery)}>
                Decline
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <ApproveDialog
        isOpen={open?.action === 'approve'}
        question={
          chosen
            ? `Take ${formatNaira(chosen.amountKobo)} from the guarantors' savings and repay ${chosen.borrowerName}'s ${chosen.productName} loan? Each guarantor and the borrower are told by mail.`
            : ''
        }
        isPending={decide.isPending}
        error={refusal}
        onConfirm={() => chosen && decide.mutate({ id: chosen.id, decision: 'approve' }, { onSuccess: () => finish(recoveryApprovedMessage(chosen.amountKobo)) })}
        onCancel={() => setOpen(null)}
      />
      <ReasonModal
        opened={open?.action === 'decline'}
        title="Decline recovery"
        confirmLabel="Decline"
        isDestructive
        requiredMessage={MESSAGES.recoveryDeclineReasonRequired}
        isPending={decide.isPending}
        refusal={refusal ? { message: refusal, isAboutReason: decide.error instanceof ApiError && decide.error.field === 'reason' } : null}
        onSubmit={(reason) => chosen && decide.mutate({ id: chosen.id, decision: 'decline', reason }, { onSuccess: () => finish(RECOVERY_DECLINED_MESSAGE) })}
        onClose={() => setOpen(null)}
      >
        <Text size="sm">Nothing is taken from the guarantors. The officer who proposed it sees the reason.</Text>
      </ReasonModal>
    </Stack>
  );
}
