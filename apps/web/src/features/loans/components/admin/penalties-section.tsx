import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNaira, MESSAGES, penaltyWaivedMessage, type Kobo, type LoanView, type PenaltyChargeView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import classes from '../../../../components/figures.module.css';
import { ReasonModal, refusalOf } from '../../../../components/reason-modal.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useLoanPenalties, useWaivePenalties } from '../../api/admin-loan-penalties.ts';
import { Section } from './section.tsx';

type Props = { loan: LoanView; canManage: boolean; onDone: (message: string) => void; onStart: () => void };

/**
 * Issue 33 (docs/decisions/053-loan-penalties.md), on a disbursed loan's page: the penalties charged,
 * paid, waived and still owed, each charge with its day and instalment, and for an officer "Waive"
 * on one charge or on all that are owed, with a reason. Hidden while the loan has no charge.
 */
export function PenaltiesSection({ loan, canManage, onDone, onStart }: Props) {
  const penalties = useLoanPenalties(loan.id);
  const waive = useWaivePenalties();
  const [waiving, setWaiving] = useState<{ charge: PenaltyChargeView | null } | null>(null);
  if (penalties.isPending) return null;
  if (penalties.isError) return <ErrorBanner message={errorMessage(penalties.error, MESSAGES.loadLoansFailed)} />;
  const view = penalties.data;
  if (view.charges.length === 0) return null;
  const amount = waiving?.charge ? waiving.charge.outstandingKobo : view.outstandingKobo;
  function close() {
    setWaiving(null);
    waive.reset();
  }
  function open(charge: PenaltyChargeView | null) {
    onStart();
    setWaiving({ charge });
  }
  return (
    <Section
      title="Penalties"
      actions={
        canManage &&
        view.outstandingKobo > 0 && (
          <Button size="xs" variant="default" onClick={() => open(null)}>
            Waive all
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Figure label="Charged" amount={view.chargedKobo} />
          <Figure label="Paid" amount={view.paidKobo} />
          <Figure label="Waived" amount={view.waivedKobo} />
          <Figure label="Owed" amount={view.outstandingKobo} />
        </SimpleGrid>
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Penalty charges">
          {view.charges.map((charge) => (
            <Group key={charge.id} component="li" justify="space-between" gap="xs" wrap="nowrap" aria-label={`Penalty of ${formatNaira(charge.amountKobo)} on instalment ${charge.instalmentNumber}`}>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  Instalment {charge.instalmentNumber} · {formatCalendarDate(charge.chargeDate)}
                </Text>
                {charge.waiveReason && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Waived: {charge.waiveReason}
                  </Text>
                )}
              </Stack>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="sm" className={classes.figure}>
                  {formatNaira(charge.amountKobo)}
                </Text>
                {charge.outstandingKobo === 0 ? (
                  <Badge variant="light" color={charge.waivedKobo > 0 ? 'gray' : 'teal'}>
                    {charge.waivedKobo > 0 ? 'Waived' : 'Paid'}
                  </Badge>
                ) : (
                  canManage && (
                    <Button size="compact-xs" variant="subtle" onClick={() => open(charge)} aria-label={`Waive the penalty of ${formatNaira(charge.amountKobo)} on instalment ${charge.instalmentNumber}`}>
                      Waive
                    </Button>
                  )
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
      <ReasonModal
        opened={waiving !== null}
        title={waiving?.charge ? 'Waive penalty' : 'Waive all penalties'}
        confirmLabel="Waive"
        requiredMessage={MESSAGES.loanPenaltyWaiveReasonRequired}
        isPending={waive.isPending}
        refusal={waive.isError ? refusalOf(waive.error, MESSAGES.serverError) : null}
        onSubmit={(reason) =>
          waive.mutate(
            { loanId: loan.id, chargeId: waiving?.charge?.id ?? null, reason },
            {
              onSuccess: () => {
                close();
                onDone(penaltyWaivedMessage(amount));
              },
            },
          )
        }
        onClose={close}
      >
        <Text size="sm">
          {formatNaira(amount)} of penalties will no longer be owed. The charge stays on the loan's record with your reason, and the books reverse it.
        </Text>
      </ReasonModal>
    </Section>
  );
}

function Figure({ label, amount }: { label: string; amount: Kobo }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className={classes.figure}>
        {formatNaira(amount)}
      </Text>
    </Stack>
  );
}
