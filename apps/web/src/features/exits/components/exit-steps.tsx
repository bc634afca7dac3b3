import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MESSAGES, exitPayOutInputSchema, formatNaira, type ApprovalSettings, type ExitSettlementInput, type ExitView } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useApproveExit, useExitWithReason, usePayOutExit, useSettleExit } from '../api/exit-steps.ts';
import { EXIT_FAILED } from './exit-labels.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { PaidNote, reasonRefusal, refusalFrom, type StepRefusal } from './step-parts.tsx';

type Props = {
  exit: ExitView;
  input: ExitSettlementInput;
  hasPreview: boolean;
  /** A refusal of the step that names no field, shown above its buttons. */
  refusal: string | null;
  onRefusal: (refusal: StepRefusal | null) => void;
  onStart: () => void;
};

/** Whether two-person approval is on: then whoever recorded the notice cannot approve the settlement. */
function useIsTwoPerson(enabled: boolean) {
  return useQuery({
    queryKey: ['approval-settings'],
    queryFn: ({ signal }) => apiRequest<ApprovalSettings>('/api/savings/approval-settings', { signal }),
    select: (settings) => settings.twoPersonThresholdKobo !== null,
    enabled,
  }).data === true;
}

/** The step the exit's status allows: approve (notice), settle (approved), pay out or reverse (settled); cancel before settlement. */
export function ExitSteps({ exit, input, hasPreview, refusal, onRefusal, onStart }: Props) {
  const approve = useApproveExit();
  const settle = useSettleExit();
  const cancel = useExitWithReason('cancel');
  const reverse = useExitWithReason('reverse');
  const settleKey = useIdempotencyKey();
  const today = useOrgToday().today;
  const isTwoPerson = useIsTwoPerson(exit.status === 'notice');
  const [isConfirmingSettle, setConfirmingSettle] = useState(false);
  const [isCancelling, setCancelling] = useState(false);
  const [isReversing, setReversing] = useState(false);
  const [isPaying, setPaying] = useState(false);
  const canCancel = exit.status === 'notice' || exit.status === 'approved';

  function handleApprove() {
    onStart();
    onRefusal(null);
    approve.mutate({ id: exit.id, input }, { onError: (failure) => onRefusal(refusalFrom(failure)) });
  }

  const cancelButton = canCancel && (
    <Button variant="subtle" color="red" onClick={() => setCancelling(true)}>
      Cancel the exit
    </Button>
  );

  return (
    <Stack gap="xs" data-print-hidden aria-label="The exit's next step" component="section">
      {exit.status === 'notice' && (
        <>
          <Text size="sm">
            {isTwoPerson
              ? `Two-person approval is on: an officer other than ${exit.givenByName}, who recorded the notice, must approve.`
              : 'Approving works the statement out once more and freezes it; the exit can then be settled.'}
          </Text>
          <ErrorBanner message={refusal} />
          <Group gap="sm">
            <Button onClick={handleApprove} loading={approve.isPending} disabled={!hasPreview}>
              Approve the settlement
            </Button>
            {cancelButton}
          </Group>
          {approve.isPending && <Text size="sm">Approving: the statement is worked out again and frozen…</Text>}
        </>
      )}
      {exit.status === 'approved' && (
        <>
          <Text size="sm">Settling pays off the loans from the savings, empties every product and moves the payable to Exits payable, in one entry, once. The member&apos;s accounts close and they can no longer sign in.</Text>
          <ErrorBanner message={refusal} />
          <Group gap="sm">
            <Button color="green" onClick={() => setConfirmingSettle(true)}>
              Settle
            </Button>
            {cancelButton}
          </Group>
          <ConfirmDialog
            isOpen={isConfirmingSettle}
            title={`Settle ${exit.holderName}'s exit?`}
            message={`The settlement is posted in one entry as approved${exit.statement ? `: ${formatNaira(exit.statement.payableKobo)} payable` : ''}. It can only be undone by a reversal within its month, before pay-out.`}
            confirmLabel="Settle"
            isPending={settle.isPending}
            error={settle.error ? errorMessage(settle.error, EXIT_FAILED.step) : null}
            onConfirm={() => settle.mutate({ id: exit.id, key: settleKey.keyFor(exit.id) }, { onSuccess: () => setConfirmingSettle(false) })}
            onCancel={() => {
              setConfirmingSettle(false);
              settle.reset();
            }}
          />
        </>
      )}
      {exit.status === 'settled' && (
        <>
          <Text size="sm">
            Settled{exit.settledByName ? ` by ${exit.settledByName}` : ''}
            {exit.settledAt ? ` on ${formatDateTime(exit.settledAt)}` : ''}. Record the payment once the bank has made it.
          </Text>
          <Group gap="sm">
            <Button color="green" onClick={() => setPaying(true)}>
              Pay out
            </Button>
            {today && exit.settlementDate && today.slice(0, 7) === exit.settlementDate.slice(0, 7) ? (
              <Button variant="light" color="red" onClick={() => setReversing(true)}>
                Reverse the settlement
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {MESSAGES.exitCannotReverse}
              </Text>
            )}
          </Group>
        </>
      )}
      {exit.status === 'paid' && <PaidNote exit={exit} />}
      {exit.status === 'reversed' && <Text size="sm">This settlement was reversed{exit.reversalReason ? `: ${exit.reversalReason}` : ''}. The member may give notice again.</Text>}
      <ReasonDialog
        opened={isCancelling}
        title="Cancel the exit"
        confirmLabel="Cancel the exit"
        isDestructive
        requiredMessage={MESSAGES.exitReasonForChange}
        isPending={cancel.isPending}
        refusal={cancel.error ? reasonRefusal(cancel.error) : null}
        onSubmit={(reason) => cancel.mutate({ id: exit.id, reason }, { onSuccess: () => setCancelling(false) })}
        onClose={() => {
          setCancelling(false);
          cancel.reset();
        }}
      >
        <Text size="sm">{exit.holderName} stays a member; nothing was posted. They may give notice again later.</Text>
      </ReasonDialog>
      <ReasonDialog
        opened={isReversing}
        title="Reverse the settlement"
        confirmLabel="Reverse"
        isDestructive
        requiredMessage={MESSAGES.exitReasonForChange}
        isPending={reverse.isPending}
        refusal={reverse.error ? reasonRefusal(reverse.error) : null}
        onSubmit={(reason) => reverse.mutate({ id: exit.id, reason }, { onSuccess: () => setReversing(false) })}
        onClose={() => {
          setReversing(false);
          reverse.reset();
        }}
      >
        <Text size="sm">Every posting of the settlement is reversed as a whole; the accounts reopen and {exit.holderName} can sign in again.</Text>
      </ReasonDialog>
      {isPaying && <PayOutModal exit={exit} onClose={() => setPaying(false)} />}
    </Stack>
  );
}

const PAY_OUT_FIELDS = ['reference'] as const;

/** Pay out: the bank reference of the transfer to the member or the nominees. */
function PayOutModal({ exit, onClose }: { exit: ExitView; onClose: () => void }) {
  const isPhone = useIsPhone();
  const payOut = usePayOutExit();
  const [reference, setReference] = useState('');
  const problems = useFormProblems(PAY_OUT_FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (payOut.isPending) return;
    const parsed = exitPayOutInputSchema.safeParse({ reference });
    if (problems.check({ reference: parsed.success ? null : MESSAGES.exitPayReferenceRequired })) return;
    if (!parsed.success) return;
    payOut.mutate({ id: exit.id, reference: parsed.data.reference }, { onSuccess: onClose, onError: (failure) => problems.fromServer(failure, EXIT_FAILED.step) });
  }

  const payees = exit.statement?.payees ?? [];
  return (
    <Modal opened onClose={onClose} title="Pay out" fullScreen={isPhone} centered>
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {exit.statement ? `${formatNaira(exit.statement.payableKobo)} to ${payees.map((payee) => `${payee.name} (${formatNaira(payee.amountKobo)})`).join(' and ') || exit.holderName}.` : ''}
          </Text>
          <TextInput label="Bank reference" value={reference} onChange={problems.typed('reference', setReference)} error={problems.errorOf('reference')} maxLength={100} data-autofocus required />
          <ErrorBanner message={problems.banner} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={payOut.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="green" loading={payOut.isPending}>
              Record the payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
