import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, formatNaira, type Kobo, type LoanView } from '@kobo/core';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { FactList } from '../../../../components/fact-list.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useAnswerGuarantee, type GuaranteeAnswer } from '../../api/holder-answer-guarantee.ts';
import { useMyAvailableSavings } from '../../api/holder-get-my-available.ts';

type Props = { loan: LoanView; myShareKobo: Kobo; onAnswered: (message: string) => void };

/**
 * A colleague asks the holder to guarantee their loan: who, for what, how much of it would be
 * theirs to stand behind. Accepting may be refused (it would pass their savings), and the refusal
 * says how much more they could guarantee; declining is final, so it asks first.
 */
export function GuaranteeRequestCard({ loan, myShareKobo, onAnswered }: Props) {
  const answer = useAnswerGuarantee({
    onAnswered: (choice) => onAnswered(choice === 'accept' ? MESSAGES.guaranteeAccepted : MESSAGES.guaranteeDeclined),
  });
  const [isConfirmingDecline, setIsConfirmingDecline] = useState(false);
  const available = useMyAvailableSavings().data;
  const borrower = `${loan.borrower.name}${loan.borrower.staffId ? ` (${loan.borrower.staffId})` : ''}`;
  const error = answer.isError ? errorMessage(answer.error, MESSAGES.answerGuaranteeFailed) : null;

  function send(choice: GuaranteeAnswer) {
    answer.mutate({ loanId: loan.id, answer: choice }, { onSuccess: () => setIsConfirmingDecline(false) });
  }

  const facts = [
    { label: 'Product', value: loan.productName },
    { label: 'Amount', value: formatNaira(loan.principalKobo) },
    { label: 'Your share', value: formatNaira(myShareKobo) },
    { label: 'Term', value: `${loan.months} months` },
    // Issue 34: what accepting would leave the guarantor free to withdraw, beside what they have now.
    ...(available === undefined
      ? []
      : [
          { label: 'Available now', value: formatNaira(available) },
          { label: 'Available after accepting', value: formatNaira(Math.max(0, available - myShareKobo) as Kobo) },
        ]),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Guarantee request from ${loan.borrower.name}`}>
      <Stack gap="sm">
        <Title order={4} style={{ overflowWrap: 'anywhere' }}>
          {borrower} asks you to guarantee a loan
        </Title>
        <FactList facts={facts} cols={{ base: 2, sm: 3 }} m={0} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            Purpose:{' '}
          </Text>
          {loan.purpose}
        </Text>
        <Text size="sm" c="dimmed">
          {MESSAGES.guaranteeHoldsSavings}
        </Text>
        {!isConfirmingDecline && <ErrorBanner message={error} />}
        <Group gap="sm">
          <Button onClick={() => send('accept')} loading={answer.isPending && answer.variables.answer === 'accept'} disabled={answer.isPending}>
            Accept
          </Button>
          <Button variant="outline" color="red" onClick={() => setIsConfirmingDecline(true)} disabled={answer.isPending}>
            Decline
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        isOpen={isConfirmingDecline}
        title="Decline this guarantee?"
        message={MESSAGES.confirmDeclineGuarantee}
        confirmLabel="Decline"
        isPending={answer.isPending}
        error={error}
        onConfirm={() => send('decline')}
        onCancel={() => {
          answer.reset();
          setIsConfirmingDecline(false);
        }}
      />
    </Paper>
  );
}
