import { Link, useParams, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { EXIT_REASON_LABELS, EXIT_STATUS_LABELS, type ExitSettlementInput, type ExitView } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { paths } from '../../../lib/paths.ts';
import { useDownloadStatement } from '../api/exit-steps.ts';
import { useExit, usePreviewQuery } from '../api/get-exits.ts';
import { EXIT_FAILED } from './exit-labels.tsx';
import { StatementView } from './statement-view.tsx';
import '../../../components/print-page.css';

/**
 * /staff-savings/exits/:id/statement (issue 32): the final statement on A4, as settled (the frozen
 * figures, who settled it and when, the payees, the bank reference once paid). Before approval it
 * prints the preview for `?settlementDate=&shortfallChoice=`, marked as a preview.
 */
export function ExitStatementPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const detail = useExit(id);
  const download = useDownloadStatement();
  const exit = detail.data?.exit;
  const settlementDate = search.get('settlementDate');
  const choice = search.get('shortfallChoice');
  const input: ExitSettlementInput | null = settlementDate ? { settlementDate, shortfallChoice: choice === 'member_pays' || choice === 'guarantors' ? choice : null } : null;
  const needsPreview = exit !== undefined && exit.statement === null && input !== null;
  const preview = usePreviewQuery(id, needsPreview ? input : null);
  const statement = exit?.statement ?? preview.data ?? null;

  return (
    <Stack gap="lg" maw={900} data-printable>
      <div data-print-hidden>
        <PageTitle>Exit statement</PageTitle>
      </div>
      <Group justify="space-between" gap="sm" data-print-hidden>
        <Anchor component={Link} to={paths.exits.detail(id)} size="sm">
          Back to the exit
        </Anchor>
        <Group gap="sm">
          <Button variant="default" onClick={() => window.print()} disabled={!statement}>
            Print
          </Button>
          <Button variant="default" loading={download.isPending} disabled={!statement} onClick={() => download.mutate({ id, input: exit?.statement ? null : input })}>
            Download .xlsx
          </Button>
        </Group>
      </Group>
      <ErrorBanner message={download.error ? errorMessage(download.error, EXIT_FAILED.download) : null} />
      {(detail.isPending || preview.isFetching) && <BusyIndicator label="Gathering the statement…" />}
      <ErrorBanner message={detail.error ? errorMessage(detail.error, EXIT_FAILED.load) : preview.error ? errorMessage(preview.error, EXIT_FAILED.load) : null} />
      {exit && !statement && !needsPreview && <Text>The statement is frozen at approval: preview it on the exit&apos;s page first.</Text>}
      {exit && statement && (
        <>
          <StatementHeading exit={exit} isPreview={exit.statement === null} />
          <StatementView statement={statement} isPrint />
          <SettledBy exit={exit} />
        </>
      )}
    </Stack>
  );
}

function StatementHeading({ exit, isPreview }: { exit: ExitView; isPreview: boolean }) {
  return (
    <div>
      <Title order={2} size="h3">
        {isPreview ? 'Settlement statement (preview)' : 'Final settlement statement'}: {exit.holderName}
      </Title>
      <Text size="sm">
        {exit.staffId ? `Staff ID ${exit.staffId} · ` : ''}
        {EXIT_REASON_LABELS[exit.reason]} · notice {formatCalendarDate(exit.noticeDate)} · leaving {formatCalendarDate(exit.leavingDate)} · {EXIT_STATUS_LABELS[exit.status]}
      </Text>
      {isPreview && (
        <Text size="sm" fw={600}>
          A preview: nothing is approved or settled yet, and the figures may still change.
        </Text>
      )}
    </div>
  );
}

/** "As settled on … by …", and the bank reference once paid: the statement as issued. */
function SettledBy({ exit }: { exit: ExitView }) {
  return (
    <Stack gap={4} data-settled-by>
      {exit.approvedAt && (
        <Text size="sm">
          Approved on {formatDateTime(exit.approvedAt)}
          {exit.approvedByName ? ` by ${exit.approvedByName}` : ''}.
        </Text>
      )}
      {exit.settledAt && (
        <Text size="sm">
          As settled on {exit.settlementDate ? formatCalendarDate(exit.settlementDate) : formatDateTime(exit.settledAt)}
          {exit.settledByName ? ` by ${exit.settledByName}` : ''}. These figures are kept as issued.
        </Text>
      )}
      {exit.paidAt && (
        <Text size="sm">
          Paid out on {formatDateTime(exit.paidAt)}
          {exit.paidByName ? ` by ${exit.paidByName}` : ''}
          {exit.payReference ? `, bank reference ${exit.payReference}` : ''}.
        </Text>
      )}
      {exit.status === 'reversed' && (
        <Text size="sm">
          Reversed{exit.reversedByName ? ` by ${exit.reversedByName}` : ''}
          {exit.reversalReason ? `: ${exit.reversalReason}` : ''}.
        </Text>
      )}
    </Stack>
  );
}
