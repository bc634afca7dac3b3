import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, TOP_UP_LABELS, type LoanView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { paths } from '../../../../lib/paths.ts';
import { useRestructures } from '../../api/restructures.ts';
import { TopUpModal } from '../top-up-modal.tsx';
import { RestructureHistory } from './restructure-history.tsx';
import { RestructureModal } from './restructure-modal.tsx';
import { Section } from './section.tsx';

type Props = { loan: LoanView; canManage: boolean; onDone: (message: string) => void; onStart: () => void };

/**
 * On an officer's loan page (issue 33; docs/decisions/052): the running loan's payoff quote, a
 * top-up applied for on the borrower's behalf, a restructure, and the restructures so far with the
 * schedules they replaced. The auditor reads the quote and the history.
 */
export function LoanTopUpSection({ loan, canManage, onDone, onStart }: Props) {
  const restructures = useRestructures(loan.id);
  const [step, setStep] = useState<'top-up' | 'restructure' | null>(null);
  const isActive = loan.status === 'active';
  const history = restructures.data ?? [];
  if (!isActive && history.length === 0) return null;
  const open = (next: 'top-up' | 'restructure') => {
    onStart();
    setStep(next);
  };
  return (
    <Section title={TOP_UP_LABELS.sectionTitle}>
      <Stack gap="sm">
        {isActive && (
          <Group gap="xs">
            <Button component={Link} to={paths.loans.payoffQuote(loan.id)} variant="default">
              {TOP_UP_LABELS.payoffQuote}
            </Button>
            {canManage && <Button onClick={() => open('top-up')}>{TOP_UP_LABELS.topUp}</Button>}
            {canManage && (
              <Button variant="light" onClick={() => open('restructure')}>
                {TOP_UP_LABELS.restructure}
              </Button>
            )}
          </Group>
        )}
        {isActive && history.length === 0 && (
          <Text size="sm" c="dimmed">
            {TOP_UP_LABELS.topUpNote}
          </Text>
        )}
        <ErrorBanner message={restructures.isError ? errorMessage(restructures.error, MESSAGES.serverError) : null} />
        <RestructureHistory restructures={history} kind={loan.kind} canManage={canManage} onDone={onDone} />
      </Stack>
      {canManage && (
        <>
          <TopUpModal
            loan={loan}
            isOfficer
            opened={step === 'top-up'}
            onClose={() => setStep(null)}
            onApplied={() => {
              setStep(null);
              onDone(MESSAGES.topUpApplied);
            }}
          />
          <RestructureModal
            loan={loan}
            opened={step === 'restructure'}
            onClose={() => setStep(null)}
            onDone={(restructure) => {
              setStep(null);
              onDone(restructure.status === 'pending' ? MESSAGES.restructureAwaitingApproval : MESSAGES.restructureApplied);
            }}
          />
        </>
      )}
    </Section>
  );
}
