import { Link } from 'react-router';
import { ActionIcon, Badge, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { FaBan, FaHistory, FaPaperPlane, FaTrash, FaUserCheck, FaUserSlash } from 'react-icons/fa';
import { MESSAGES, USER_PAGE_SIZES, isRole, type PublicUser, type Role, type UserListItem, type UserSortField } from '@kobo/core';
import { formatDate } from '../../../lib/format-date-time.ts';
import { paths } from '../../../lib/paths.ts';
import { InvitationBadge } from './invitation-badge.tsx';
import { ROLE_OPTIONS } from './role-options.ts';

export type UserSort = { sort: UserSortField; order: 'asc' | 'desc' };

type UsersTableProps = {
  users: UserListItem[];
  total: number;
  page: number;
  pageSize: number;
  sort: UserSort;
  isFetching: boolean;
  currentUserId: string;
  /** The row whose change is being saved: its controls wait. */
  busyUserId: string | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: UserSort) => void;
  onRoleChange: (user: PublicUser, role: Role) => void;
  onToggleActive: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
  /** Issue 15: a new invitation link, or the open one withdrawn. */
  onResendInvitation: (user: UserListItem) => void;
  onWithdrawInvitation: (user: UserListItem) => void;
};

const WIDE = '(min-width: 48em)';
const NARROW = '(max-width: 47.99em)';
const WIDER = '(min-width: 75em)';

/** The users table (SPEC 2 "User Management"): name, email, role select, status and delete, paged on the server. */
export function UsersTable(props: UsersTableProps) {
  const { users, currentUserId, busyUserId } = props;
  const isNarrow = useMediaQuery(NARROW) ?? false;
  const sortStatus: DataTableSortStatus<UserListItem> = {
    columnAccessor: props.sort.sort === 'name' && isNarrow ? 'summary' : props.sort.sort,
    direction: props.sort.order,
  };

  return (
    <DataTable<UserListItem>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalAlign="center"
      minHeight={users.length === 0 ? 180 : undefined}
      records={users}
      fetching={props.isFetching}
      loadingText={MESSAGES.loading}
      noRecordsText={MESSAGES.noUsersFound}
      totalRecords={props.total}
      recordsPerPage={props.pageSize}
      page={props.page}
      onPageChange={props.onPageChange}
      recordsPerPageOptions={[...USER_PAGE_SIZES]}
      onRecordsPerPageChange={props.onPageSizeChange}
      recordsPerPageLabel="Per page"
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      paginationWrapBreakpoint="sm"
      sortStatus={sortStatus}
      onSortStatusChange={(status) => {
        // The phone's single column sorts by name.
        const sort = status.columnAccessor === 'summary' ? 'name' : String(status.columnAccessor);
        if (sort === 'name' || sort === 'email' || sort === 'role' || sort === 'status' || sort === 'createdAt') {
          props.onSortChange({ sort, order: status.direction });
        }
      }}
      columns={[
        {
          // A phone gets one column with everything stacked, so nothing hides off to the side.
          accessor: 'summary',
          title: 'User',
          sortable: true,
          visibleMediaQuery: NARROW,
          render: (user) => (
            <Stack gap={6} miw={0}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <UserName user={user} isMe={user.id === currentUserId} />
                <StatusBadge user={user} />
              </Group>
              <InvitationLine user={user} isBusy={busyUserId === user.id} onResend={props.onResendInvitation} onWithdraw={props.onWithdrawInvitation} />
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <RoleSelect user={user} isBusy={busyUserId === user.id} onRoleChange={props.onRoleChange} />
                <RowActions user={user} isBusy={busyUserId === user.id} onToggleActive={props.onToggleActive} onDelete={props.onDelete} />
              </Group>
            </Stack>
          ),
        },
        {
          accessor: 'name',
          title: 'Name',
          sortable: true,
          visibleMediaQuery: WIDE,
          render: (user) => <UserName user={user} isMe={user.id === currentUserId} withoutEmail />,
        },
        {
          accessor: 'email',
          title: 'Email',
          sortable: true,
          visibleMediaQuery: WIDE,
          render: (user) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          ),
        },
        {
          accessor: 'role',
          title: 'Role',
          sortable: true,
          width: 140,
          visibleMediaQuery: WIDE,
          render: (user) => <RoleSelect user={user} isBusy={busyUserId === user.id} onRoleChange={props.onRoleChange} />,
        },
        {
          accessor: 'status',
          title: 'Status',
          sortable: true,
          visibleMediaQuery: WIDE,
          render: (user) => (
            <Stack gap={4} align="flex-start">
              <StatusBadge user={user} />
              <InvitationLine user={user} isBusy={busyUserId === user.id} onResend={props.onResendInvitation} onWithdraw={props.onWithdrawInvitation} />
            </Stack>
          ),
        },
        {
          accessor: 'createdAt',
          title: 'Member since',
          sortable: true,
          visibleMediaQuery: WIDER,
          render: (user) => <Text size="sm">{formatDate(user.createdAt)}</Text>,
        },
        {
          accessor: 'actions',
          title: 'Actions',
          textAlign: 'right',
          visibleMediaQuery: WIDE,
          render: (user) => <RowActions user={user} isBusy={busyUserId === user.id} onToggleActive={props.onToggleActive} onDelete={props.onDelete} />,
        },
      ]}
    />
  );
}

/**
 * A person without a password: their invitation's state, and Resend (any state) and Withdraw (an
 * open one). Nothing for someone who has a password.
 */
function InvitationLine({
  user,
  isBusy,
  onResend,
  onWithdraw,
}: {
  user: UserListItem;
  isBusy: boolean;
  onResend: (user: UserListItem) => void;
  onWithdraw: (user: UserListItem) => void;
}) {
  if (!user.invitation) return null;
  const sendLabel = `${user.invitation.status === 'pending' || user.invitation.status === 'expired' ? 'Resend' : 'Send'} invitation to ${user.name}`;
  const withdrawLabel = `Withdraw invitation for ${user.name}`;
  return (
    <Group gap={4} wrap="nowrap">
      <InvitationBadge invitation={user.invitation} />
      {user.active && (
        <Tooltip label={sendLabel}>
          <ActionIcon variant="subtle" color="blue" size="sm" aria-label={sendLabel} disabled={isBusy} onClick={() => onResend(user)}>
            <FaPaperPlane aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {user.invitation.status === 'pending' && (
        <Tooltip label={withdrawLabel}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={withdrawLabel} disabled={isBusy} onClick={() => onWithdraw(user)}>
            <FaBan aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function RowActions({
  user,
  isBusy,
  onToggleActive,
  onDelete,
}: {
  user: PublicUser;
  isBusy: boolean;
  onToggleActive: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
}) {
  const toggleLabel = `${user.active ? 'Deactivate' : 'Reactivate'} ${user.name}`;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={`Audit log for ${user.name}`}>
        <ActionIcon
          component={Link}
          to={paths.audit.forPerson(user.id, `${user.name} (${user.email})`)}
          variant="subtle"
          color="gray"
          aria-label={`Audit log for ${user.name}`}
        >
          <FaHistory aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={toggleLabel}>
        <ActionIcon variant="subtle" color={user.active ? 'orange' : 'green'} aria-label={toggleLabel} loading={isBusy} onClick={() => onToggleActive(user)}>
          {user.active ? <FaUserSlash aria-hidden /> : <FaUserCheck aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`Delete ${user.name}`}>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${user.name}`} disabled={isBusy} onClick={() => onDelete(user)}>
          <FaTrash aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function UserName({ user, isMe, withoutEmail = false }: { user: PublicUser; isMe: boolean; withoutEmail?: boolean }) {
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Text>
        {isMe && (
          <Badge size="xs" variant="light">
            You
          </Badge>
        )}
      </Group>
      {!withoutEmail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      )}
      {user.staffId && (
        <Text size="xs" c="dimmed">
          {user.staffId}
        </Text>
      )}
    </Stack>
  );
}

function StatusBadge({ user }: { user: PublicUser }) {
  return (
    <Badge color={user.active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {user.active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function RoleSelect({ user, isBusy, onRoleChange }: { user: PublicUser; isBusy: boolean; onRoleChange: (user: PublicUser, role: Role) => void }) {
  return (
    <Select
      size="xs"
      w={120}
      aria-label={`Role for ${user.name}`}
      data={ROLE_OPTIONS}
      value={user.role}
      allowDeselect={false}
      disabled={isBusy}
      onChange={(role) => {
        if (isRole(role) && role !== user.role) onRoleChange(user, role);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
