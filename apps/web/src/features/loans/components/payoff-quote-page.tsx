import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { can, formatNaira, loanChargeLabels, MESSAGES, TOP_UP_LABELS, type PayoffQuoteView } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { paths } from '../../../lib/paths.ts';
import { usePayoffQuote } from '../api/payoff-quote.ts';
import classes from '../../../components/figures.module.css';
import '../../../components/print-page.css';

/**
 * /loans/:id/payoff-quote (issue 33; docs/decisions/052): what pays a running loan off on a day
 * (`?on=`, today when absent), on A4: principal, interest to that day, fees, penalties, the total,
 * and the day it is valid until. Officers and the auditor open any loan's; a borrower their own
 * (the API answers "Loan not found" for another's).
 */
export function PayoffQuotePage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const on = search.get('on') ?? '';
  const [typed, setTyped] = useState(on);
  const quote = usePayoffQuote(id, on);
  const role = useSession().data?.role;
  const back = can(role, 'view_staff_savings') ? paths.loans.detail(id) : role === 'staff' ? paths.staffSavings : paths.savings.list;
  const failure = quote.error;
  const dateError = failure instanceof ApiError && failure.field === 'on' ? failure.message : null;

  function showDay(day: string) {
    setTyped(day);
    setSearch(day ? { on: day } : {}, { replace: true });
  }

  return (
    <Stack gap="lg" maw={720} data-printable>
      <div data-print-hidden>
        <PageTitle>{TOP_UP_LABELS.payoffQuote}</PageTitle>
      </div>
      <Group justify="space-between" align="flex-end" gap="sm" data-print-hidden>
        <Anchor component={Link} to={back} size="sm">
          {TOP_UP_LABELS.backToLoan}
        </Anchor>
        <Group gap="sm" align="flex-end">
          <TextInput type="date" label={TOP_UP_LABELS.quoteDate} value={typed} onChange={(event) => showDay(event.currentTarget.value)} error={dateError} />
          <Button variant="default" onClick={() => window.print()} disabled={!quote.data}>
            {TOP_UP_LABELS.print}
          </Button>
        </Group>
      </Group>
      {quote.isPending && <BusyIndicator label={TOP_UP_LABELS.quoteLoading} />}
      <ErrorBanner message={failure && !dateError ? errorMessage(failure, MESSAGES.loadPayoffQuoteFailed) : null} />
      {quote.data && <QuoteSheet quote={quote.data} isStale={quote.isPlaceholderData} />}
    </Stack>
  );
}

function QuoteSheet({ quote, isStale }: { quote: PayoffQuoteView; isStale: boolean }) {
  const rows = [
    [TOP_UP_LABELS.principal, quote.principalKobo],
    // Issue 33: a murabaha's charge is its markup, a qard hasan's a fee.
    [loanChargeLabels(quote.kind).toDate, quote.interestKobo],
    [TOP_UP_LABELS.fees, quote.feeKobo],
    [TOP_UP_LABELS.penalties, quote.penaltyKobo],
  ] as const;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={TOP_UP_LABELS.payoffQuote} aria-busy={isStale} style={{ opacity: isStale ? 0.6 : 1 }}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {TOP_UP_LABELS.payoffQuote}: {quote.borrowerName}
          </Title>
          <Text size="sm">
            {quote.staffId ? `Staff ID ${quote.staffId} · ` : ''}
            {quote.productName} · on {formatCalendarDate(quote.on)}
          </Text>
        </div>
        <Table>
          <Table.Tbody>
            {rows.map(([label, kobo]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400}>
                  {label}
                </Table.Th>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNaira(kobo)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{TOP_UP_LABELS.total}</Table.Th>
              <Table.Td ta="right" fw={700} className={classes.figure}>
                {formatNaira(quote.totalKobo)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">
          {TOP_UP_LABELS.validUntil}: <strong>{formatCalendarDate(quote.validUntil)}</strong>. {TOP_UP_LABELS.validUntilNote.replace(TOP_UP_LABELS.interest, loanChargeLabels(quote.kind).toDate)}
        </Text>
      </Stack>
    </Paper>
  );
}
