import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { MESSAGES, TOP_UP_LABELS, type LoanView } from '@kobo/core';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { paths } from '../../../../lib/paths.ts';
import { TopUpModal } from '../top-up-modal.tsx';

/** On a holder's running loan (issue 33): its printable payoff quote, and a top-up that pays it off first. */
export function LoanTopUpActions({ loan }: { loan: LoanView }) {
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (loan.status !== 'active') return null;
  return (
    <>
      <Group gap="xs">
        <Button component={Link} to={paths.loans.payoffQuote(loan.id)} variant="default" size="xs">
          {TOP_UP_LABELS.payoffQuote}
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setMessage(null);
            setIsOpen(true);
          }}
        >
          {TOP_UP_LABELS.topUp}
        </Button>
      </Group>
      <SuccessBanner message={message} />
      <TopUpModal
        loan={loan}
        isOfficer={false}
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        onApplied={() => {
          setIsOpen(false);
          setMessage(MESSAGES.topUpApplied);
        }}
      />
    </>
  );
}
