import { Link, useParams } from 'react-router';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { EXIT_REASON_LABELS, can, type ExitView } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { paths } from '../../../lib/paths.ts';
import { useExit } from '../api/get-exits.ts';
import { EXIT_FAILED, ExitStatusBadge } from './exit-labels.tsx';
import { GuaranteesPanel } from './guarantees-panel.tsx';
import { NomineesEditor } from './nominees-editor.tsx';
import { SettlementPanel } from './settlement-panel.tsx';

/**
 * /staff-savings/exits/:id (issue 32): who is leaving and why, the guarantees they give, their
 * nominees (a death pays them), and the settlement: preview, approve, settle, pay out or reverse.
 */
export function ExitDetailPage() {
  const { id = '' } = useParams();
  const detail = useExit(id);
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const exit = detail.data?.exit;
  return (
    <Stack gap="lg" maw={1080}>
      <Anchor component={Link} to={paths.exits.list} size="sm">
        Back to members leaving
      </Anchor>
      <PageTitle>{exit ? `${exit.holderName} leaving` : 'Member leaving'}</PageTitle>
      {detail.isPending && <BusyIndicator />}
      <ErrorBanner message={detail.error ? errorMessage(detail.error, EXIT_FAILED.load) : null} />
      {detail.data && exit && (
        <>
          <ExitHeader exit={exit} />
          <GuaranteesPanel detail={detail.data} canManage={canManage} />
          <NomineesEditor userId={exit.userId} canEdit={canManage && (exit.status === 'notice' || exit.status === 'approved')} title={exit.reason === 'death' ? 'Nominees (paid the savings)' : 'Nominees'} />
          <SettlementPanel key={`${exit.id}:${exit.status}`} exit={exit} canManage={canManage} guaranteesState={detail.data.guarantees.map((guarantee) => guarantee.state).join()} />
        </>
      )}
    </Stack>
  );
}

function ExitHeader({ exit }: { exit: ExitView }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="The exit">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <ExitStatusBadge status={exit.status} />
          <Text size="sm" c="dimmed">
            Exit {exit.seq}
            {exit.staffId ? ` · ${exit.staffId}` : ''} · notice recorded by {exit.givenByName}, {formatDateTime(exit.createdAt)}
          </Text>
        </Group>
        <FactList
          cols={{ base: 2, sm: 4 }}
          facts={[
            { label: 'Reason', value: EXIT_REASON_LABELS[exit.reason] },
            { label: 'Notice given', value: formatCalendarDate(exit.noticeDate) },
            { label: 'Leaving', value: formatCalendarDate(exit.leavingDate) },
            { label: 'Earliest settlement', value: formatCalendarDate(exit.earliestSettlementDate) },
          ]}
        />
        {exit.note && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Note: {exit.note}</Text>}
        {exit.status === 'cancelled' && (
          <Text size="sm">
            Cancelled{exit.cancelledByName ? ` by ${exit.cancelledByName}` : ''}
            {exit.cancelReason ? `: ${exit.cancelReason}` : ''}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
