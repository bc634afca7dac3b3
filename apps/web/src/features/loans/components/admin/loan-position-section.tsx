import { Button, Text } from '@mantine/core';
import { FaFileExcel } from 'react-icons/fa';
import { MESSAGES, formatNaira, type LoanLedgerView, type LoanView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { FactList } from '../../../../components/fact-list.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useExportLoanStatement } from '../../api/admin-export-loan-statement.ts';
import classes from '../../../../components/figures.module.css';
import { Section } from './section.tsx';

/** A disbursed loan's position today (the ledger's `asOf`), and its statement as .xlsx. */
export function LoanPositionSection({ loan, ledger }: { loan: LoanView; ledger: LoanLedgerView }) {
  const statement = useExportLoanStatement();
  const { arrears } = ledger;
  const facts = [
    { label: 'Outstanding principal', value: formatNaira(ledger.outstandingPrincipalKobo) },
    { label: 'Outstanding total', value: formatNaira(ledger.outstandingTotalKobo) },
    { label: 'Fee outstanding', value: formatNaira(ledger.feeOutstandingKobo) },
    {
      label: 'Arrears',
      value:
        arrears.instalmentsOverdue > 0 ? (
          <span className={classes.overdue}>
            {formatNaira(arrears.amountOverdue)} · {arrears.daysInArrears} day{arrears.daysInArrears === 1 ? '' : 's'}
          </span>
        ) : (
          'None'
        ),
    },
    { label: 'Disbursed', value: formatCalendarDate(ledger.disbursedOn) },
  ];
  return (
    <Section
      title="Position"
      actions={
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<FaFileExcel aria-hidden />}
          loading={statement.isPending}
          onClick={() => statement.mutate(loan.id)}
        >
          Export .xlsx
        </Button>
      }
    >
      <ErrorBanner message={statement.isError ? errorMessage(statement.error, MESSAGES.exportFailed) : null} />
      <FactList facts={facts} cols={{ base: 2, sm: 3, lg: 5 }} />
      <Text size="xs" c="dimmed" mt="xs">
        As of {formatCalendarDate(ledger.asOf)}
        {arrears.instalmentsOverdue > 0 ? `; ${arrears.instalmentsOverdue} instalment${arrears.instalmentsOverdue === 1 ? '' : 's'} overdue` : ''}
      </Text>
    </Section>
  );
}
