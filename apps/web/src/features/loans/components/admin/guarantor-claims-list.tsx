import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { claimRepaidMessage, claimRepaymentInputSchema, formatNaira, MESSAGES, type GuarantorClaim } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import classes from '../../../../components/figures.module.css';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { useRepayClaim } from '../../api/admin-loan-recovery.ts';

type Props = { claims: readonly GuarantorClaim[]; canManage: boolean; onDone: (message: string) => void; onStart: () => void };

/** What the borrower owes each guarantor who paid (issue 33), and, for an officer, recording a repayment of it. */
export function GuarantorClaimsList({ claims, canManage, onDone, onStart }: Props) {
  const [repaying, setRepaying] = useState<GuarantorClaim | null>(null);
  if (claims.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Debts to guarantors">
      {claims.map((claim) => (
        <Group key={claim.id} component="li" justify="space-between" gap="xs">
          <Stack gap={0} miw={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {claim.borrowerName} owes {claim.guarantorName} <span className={classes.figure}>{formatNaira(claim.owedKobo)}</span>
            </Text>
            <Text size="xs" c="dimmed" className={classes.figure}>
              {formatNaira(claim.amountKobo)} paid by the guarantor · {formatNaira(claim.repaidKobo)} repaid
            </Text>
          </Stack>
          {canManage && claim.owedKobo > 0 && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onStart();
                setRepaying(claim);
              }}
            >
              Record repayment
            </Button>
          )}
        </Group>
      ))}
      {repaying && <RepayModal claim={repaying} onClose={() => setRepaying(null)} onDone={onDone} />}
    </Stack>
  );
}

const REPAY_FIELDS = ['amount'] as const;

function RepayModal({ claim, onClose, onDone }: { claim: GuarantorClaim; onClose: () => void; onDone: (message: string) => void }) {
  const isPhone = useIsPhone();
  const repay = useRepayClaim();
  const [amount, setAmount] = useState('');
  const problems = useFormProblems(REPAY_FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (repay.isPending) return;
    const parsed = claimRepaymentInputSchema.safeParse({ amount });
    if (problems.fromSchema(parsed.success ? null : parsed.error)) return;
    repay.mutate(
      { claimId: claim.id, amount },
      {
        onSuccess: (saved) => {
          onClose();
          onDone(claimRepaidMessage(saved.borrowerName, saved.guarantorName, saved.repaidKobo - claim.repaidKobo));
        },
        onError: (failure) => problems.fromServer(failure, MESSAGES.serverError),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Record a repayment to a guarantor" fullScreen={isPhone} centered>
      <form id={problems.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {claim.borrowerName} owes {claim.guarantorName} {formatNaira(claim.owedKobo)}. This records what they repaid each other; it moves no savings.
          </Text>
          <AmountInput
            value={amount}
            onChange={(value) => {
              setAmount(value);
              problems.edited('amount');
            }}
            required
            error={problems.errorOf('amount')}
          />
          <ErrorBanner message={problems.banner} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={repay.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={repay.isPending}>
              Record repayment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
