import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNaira, type LoanLedgerView, type LoanView } from '@kobo/core';
import { FactList } from '../../../../components/fact-list.tsx';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { LoanStatusBadge } from '../loan-status-badge.tsx';
import { ArrearsNote } from './arrears-note.tsx';
import { GuarantorAnswers } from './guarantor-answers.tsx';
import { HistoryDisclosure } from './history-disclosure.tsx';
import { LoanStatementButton } from './loan-statement-button.tsx';
import { LoanTopUpActions } from './loan-top-up-actions.tsx';
import { nextInstalment } from './loan-figures.ts';
import { ScheduleDisclosure } from './schedule-disclosure.tsx';
import classes from '../../../../components/figures.module.css';

/**
 * One of the holder's loans. Once disbursed: what is still owed, the next instalment, any arrears,
 * the schedule with what is paid, the ledger's history, and the statement. Before: who guarantees
 * it and how they answered, and the schedule as quoted.
 */
export function MyLoanCard({ loan }: { loan: LoanView }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${loan.productName}: ${formatNaira(loan.principalKobo)}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={0} miw={0}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {loan.productName}
            </Title>
            <Text size="sm" c="dimmed">
              {loan.months} months · applied {formatDateTime(loan.appliedAt)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} className={classes.figure}>
              {formatNaira(loan.principalKobo)}
            </Text>
            <LoanStatusBadge status={loan.status} />
          </Group>
        </Group>
        {loan.ledger ? <DisbursedPosition loan={loan} ledger={loan.ledger} /> : <BeforeDisbursement loan={loan} />}
      </Stack>
    </Paper>
  );
}

function DisbursedPosition({ loan, ledger }: { loan: LoanView; ledger: LoanLedgerView }) {
  const next = nextInstalment(ledger.instalments);
  const facts = [
    { label: 'Balance outstanding', value: formatNaira(ledger.outstandingTotalKobo) },
    { label: 'Principal outstanding', value: formatNaira(ledger.outstandingPrincipalKobo) },
    {
      label: 'Next instalment',
      value: next ? `${formatNaira(next.owedKobo)} due ${formatCalendarDate(next.dueDate)}` : 'None: fully repaid',
    },
  ];
  return (
    <>
      <FactList facts={facts} cols={{ base: 1, xs: 3 }} m={0} />
      <ArrearsNote arrears={ledger.arrears} />
      <ScheduleDisclosure schedule={loan.schedule} positions={ledger.instalments} asOf={ledger.asOf} kind={loan.kind} />
      <HistoryDisclosure entries={ledger.entries} kind={loan.kind} />
      <LoanStatementButton loanId={loan.id} />
      <LoanTopUpActions loan={loan} />
    </>
  );
}

function BeforeDisbursement({ loan }: { loan: LoanView }) {
  const isOpen = loan.status === 'awaiting_guarantors' || loan.status === 'awaiting_approval' || loan.status === 'approved';
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span c="dimmed" size="sm">
          Purpose:{' '}
        </Text>
        {loan.purpose}
      </Text>
      {isOpen && (
        <Text size="sm">
          {formatNaira(loan.schedule.monthlyInstalment)} a month · {formatNaira(loan.schedule.totalRepayable)} in all
          {loan.feeKobo > 0 ? ` · ${formatNaira(loan.feeKobo)} fee` : ''}
        </Text>
      )}
      <GuarantorAnswers guarantors={loan.guarantors} />
      {isOpen && <ScheduleDisclosure schedule={loan.schedule} kind={loan.kind} label="Schedule (as quoted)" caption="Repayment schedule if disbursed this month" />}
    </>
  );
}
