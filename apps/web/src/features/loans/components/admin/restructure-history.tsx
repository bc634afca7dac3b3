import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatNaira, MESSAGES, RESTRUCTURE_STATUS_LABELS, TOP_UP_LABELS, loanChargeLabels, loanChargeWord, type Kobo, type LoanKind, type RestructureView } from '@kobo/core';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { ReasonModal, refusalOf } from '../../../../components/reason-modal.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { useDecideRestructure } from '../../api/restructures.ts';
import { StackedTable, type StackedColumn } from '../../../../components/stacked-table.tsx';

type Props = { restructures: RestructureView[]; kind: LoanKind; canManage: boolean; onDone: (message: string) => void };

/**
 * A loan's restructures, newest first (issue 33): who asked and why, who decided, and the schedule
 * each replaced; a waiting one offers a second officer Approve and Decline.
 */
export function RestructureHistory({ restructures, kind, canManage, onDone }: Props) {
  // A murabaha's or qard hasan's charge is never called interest (issue 33).
  const charge = loanChargeWord(kind);
  const decide = useDecideRestructure();
  const [declining, setDeclining] = useState<string | null>(null);
  if (restructures.length === 0) return null;
  const approve = (restructureId: string) => decide.mutate({ restructureId, decision: 'approve' }, { onSuccess: () => onDone(MESSAGES.restructureApplied) });
  const decline = (reason: string) =>
    declining &&
    decide.mutate(
      { restructureId: declining, decision: 'decline', reason },
      {
        onSuccess: () => {
          setDeclining(null);
          onDone(MESSAGES.restructureDeclined);
        },
      },
    );
  return (
    <Stack gap="sm" aria-label={TOP_UP_LABELS.restructures} component="section">
      <Text fw={600}>{TOP_UP_LABELS.restructures}</Text>
      <ErrorBanner message={decide.isError && !declining ? errorMessage(decide.error, MESSAGES.restructureFailed) : null} />
      {restructures.toReversed().map((restructure) => (
        <Paper key={restructure.id} withBorder radius="sm" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {restructure.months !== null ? `${restructure.months} months` : `${formatNaira(restructure.instalmentKobo as Kobo)} a month`} · {restructure.reason}
              </Text>
              <Badge variant="light" color={restructure.status === 'approved' ? 'green' : restructure.status === 'declined' ? 'gray' : 'yellow'}>
                {RESTRUCTURE_STATUS_LABELS[restructure.status]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Asked by {restructure.requestedByEmail}, {formatDateTime(restructure.requestedAt)}
              {restructure.decidedByEmail && restructure.decidedAt ? ` · decided by ${restructure.decidedByEmail}, ${formatDateTime(restructure.decidedAt)}` : ''}
              {restructure.decisionReason ? ` · ${restructure.decisionReason}` : ''}
            </Text>
            {restructure.status === 'approved' && restructure.principalKobo !== null && (
              <Text size="sm">
                {formatNaira(restructure.principalKobo)} over {restructure.newMonths} months
                {restructure.carriedInterestKobo ? `, ${formatNaira(restructure.carriedInterestKobo)} ${charge} due carried onto the first instalment` : ''}
              </Text>
            )}
            {restructure.oldInstalments.length > 0 && <OldSchedule restructure={restructure} kind={kind} />}
            {canManage && restructure.status === 'pending' && (
              <Group gap="xs" mt={4}>
                <Button size="xs" loading={decide.isPending && !declining} onClick={() => approve(restructure.id)}>
                  {TOP_UP_LABELS.approve}
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setDeclining(restructure.id)}>
                  {TOP_UP_LABELS.decline}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      <ReasonModal
        opened={declining !== null}
        title={TOP_UP_LABELS.declineTitle}
        confirmLabel={TOP_UP_LABELS.decline}
        isDestructive
        requiredMessage={MESSAGES.restructureDeclineReasonRequired}
        isPending={decide.isPending}
        refusal={declining && decide.isError ? refusalOf(decide.error, MESSAGES.restructureFailed) : null}
        onSubmit={decline}
        onClose={() => setDeclining(null)}
      />
    </Stack>
  );
}

type OldInstalment = RestructureView['oldInstalments'][number];

/** The schedule a restructure replaced; a card per instalment on a phone (issue 34). */
function OldSchedule({ restructure, kind }: { restructure: RestructureView; kind: LoanKind }) {
  const columns: StackedColumn<OldInstalment>[] = [
    { label: '#', cell: (row) => row.number },
    { label: 'Due', cell: (row) => formatCalendarDate(row.dueDate), nowrap: true },
    { label: 'Principal', cell: (row) => formatNaira(row.principal), align: 'right' },
    { label: loanChargeLabels(kind).charge, cell: (row) => formatNaira(row.interest), align: 'right' },
    { label: 'Paid', cell: (row) => formatNaira((row.principalPaid + row.interestPaid) as Kobo), align: 'right' },
  ];
  return (
    <details>
      <summary>
        <Text span size="sm">
          {TOP_UP_LABELS.oldSchedule}
        </Text>
      </summary>
      <StackedTable columns={columns} rows={restructure.oldInstalments} rowKey={(row) => row.number} />
    </details>
  );
}
