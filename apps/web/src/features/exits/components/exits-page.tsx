import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useDisclosure } from '@mantine/hooks';
import { FaUserMinus } from 'react-icons/fa';
import { EXIT_REASON_LABELS, EXIT_STATUSES, EXIT_STATUS_LABELS, can, type ExitStatus, type ExitView } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { paths } from '../../../lib/paths.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useExits } from '../api/get-exits.ts';
import { EXIT_FAILED, ExitStatusBadge } from './exit-labels.tsx';
import { RecordNoticeModal } from './record-notice-modal.tsx';
import classes from './exits.module.css';

const STATUS_CHOICES = [{ value: '', label: 'Every status' }, ...EXIT_STATUSES.map((status) => ({ value: status, label: EXIT_STATUS_LABELS[status] }))];

function isStatus(value: string | null): value is ExitStatus {
  return (EXIT_STATUSES as readonly (string | null)[]).includes(value);
}

/**
 * /staff-savings/exits (issue 32): members leaving, newest first, filtered by status (`?status=`);
 * officers record a notice on a member's behalf, the auditor only reads.
 */
export function ExitsPage() {
  const [search, setSearch] = useSearchParams();
  const statusParam = search.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const exits = useExits(status);
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const isWide = useIsWideScreen();
  const [isRecording, recording] = useDisclosure(false);

  function changeStatus(value: string | null) {
    const params = new URLSearchParams(search);
    if (value) params.set('status', value);
    else params.delete('status');
    setSearch(params);
  }

  return (
    <Stack gap="lg" maw={1080}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle>Members leaving</PageTitle>
        {canManage && (
          <Button leftSection={<FaUserMinus aria-hidden />} onClick={recording.open}>
            Record notice
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        A member gives notice, their guarantees are released, the settlement is previewed, approved and settled in one entry, then paid out. The notice period and exit fee are in Settings › Exits.
      </Text>
      <NativeSelect label="Status" data={STATUS_CHOICES} value={status ?? ''} onChange={(event) => changeStatus(event.currentTarget.value || null)} w={{ base: '100%', xs: 260 }} />
      {exits.isPending && <BusyIndicator />}
      <ErrorBanner message={exits.error ? errorMessage(exits.error, EXIT_FAILED.load) : null} />
      {exits.data &&
        (exits.data.length === 0 ? (
          <Text c="dimmed">{status ? `No exit is ${EXIT_STATUS_LABELS[status].toLowerCase()}.` : 'No member has given notice to leave.'}</Text>
        ) : (
          <Paper withBorder p={isWide ? 0 : 'md'}>{isWide ? <ExitsTable exits={exits.data} /> : <ExitCards exits={exits.data} />}</Paper>
        ))}
      {canManage && <RecordNoticeModal opened={isRecording} onClose={recording.close} />}
    </Stack>
  );
}

function MemberLink({ exit }: { exit: ExitView }) {
  return (
    <Anchor component={Link} to={paths.exits.detail(exit.id)} fw={600}>
      {exit.holderName}
    </Anchor>
  );
}

function ExitsTable({ exits }: { exits: ExitView[] }) {
  return (
    <Table aria-label="Members leaving" striped className={classes.table} verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Member</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Notice given</Table.Th>
          <Table.Th>Leaving</Table.Th>
          <Table.Th>Earliest settlement</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {exits.map((exit) => (
          <Table.Tr key={exit.id}>
            <Table.Td>
              <MemberLink exit={exit} />
              {exit.staffId && (
                <Text size="xs" c="dimmed">
                  {exit.staffId}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{EXIT_REASON_LABELS[exit.reason]}</Table.Td>
            <Table.Td>{formatCalendarDate(exit.noticeDate)}</Table.Td>
            <Table.Td>{formatCalendarDate(exit.leavingDate)}</Table.Td>
            <Table.Td>{formatCalendarDate(exit.earliestSettlementDate)}</Table.Td>
            <Table.Td>
              <ExitStatusBadge status={exit.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** On a phone a card per exit: no sideways scroll. */
function ExitCards({ exits }: { exits: ExitView[] }) {
  return (
    <ul className={classes.list} aria-label="Members leaving">
      {exits.map((exit) => (
        <li key={exit.id} className={classes.card}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <MemberLink exit={exit} />
              <Text size="sm" c="dimmed">
                {EXIT_REASON_LABELS[exit.reason]}
                {exit.staffId ? ` · ${exit.staffId}` : ''}
              </Text>
            </div>
            <ExitStatusBadge status={exit.status} />
          </Group>
          <Text size="sm">
            Notice {formatCalendarDate(exit.noticeDate)} · leaving {formatCalendarDate(exit.leavingDate)}
          </Text>
          <Text size="sm">Earliest settlement {formatCalendarDate(exit.earliestSettlementDate)}</Text>
        </li>
      ))}
    </ul>
  );
}
