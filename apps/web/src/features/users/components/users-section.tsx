import { useState } from 'react';
import { Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useDebouncedValue } from '@mantine/hooks';
import { FaSearch } from 'react-icons/fa';
import { MESSAGES, isRole, type MailNotice, type PublicUser, type Role, type UserListItem, type UserListQuery } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { KeptMailNotice } from '../../../components/kept-mail-notice.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useChangeUserRole } from '../api/change-user-role.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useResendInvitation, useWithdrawInvitation } from '../api/invitations.ts';
import { useUsers } from '../api/get-users.ts';
import { useSetUserActive } from '../api/set-user-active.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ROLE_OPTIONS } from './role-options.ts';
import { UsersTable, type UserSort } from './users-table.tsx';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

const SORT_CHOICES: (UserSort & { label: string })[] = [
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z–A)' },
  { sort: 'email', order: 'asc', label: 'Email' },
  { sort: 'role', order: 'asc', label: 'Role' },
  { sort: 'status', order: 'asc', label: 'Active first' },
  { sort: 'status', order: 'desc', label: 'Inactive first' },
  { sort: 'createdAt', order: 'desc', label: 'Newest first' },
  { sort: 'createdAt', order: 'asc', label: 'Oldest first' },
];
const SORT_OPTIONS = SORT_CHOICES.map((choice) => ({ value: `${choice.sort}:${choice.order}`, label: choice.label }));

type PendingConfirm = { kind: 'delete' | 'deactivate'; user: PublicUser; isOpen: boolean } | null;

/** The users table with its search, role filter, messages and the two confirmations. */
export function UsersSection() {
  const { data: me } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<Role | null>(null);
  const [sort, setSort] = useState<UserSort>({ sort: 'name', order: 'asc' });
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const query: UserListQuery = { search: debouncedSearch, ...(role ? { role } : {}), ...sort, ...paging };
  const users = useUsers(query);

  const changeRole = useChangeUserRole();
  const setActive = useSetUserActive();
  const deleteUser = useDeleteUser();
  const resendInvitation = useResendInvitation();
  const withdrawInvitation = useWithdrawInvitation();
  const [error, setError] = useState<string | null>(null);
  const success = useFlashMessage();
  // A resent invitation that was not sent (no mail server): its words and link stay until the admin is done.
  const [kept, setKept] = useState<{ message: string; mail: MailNotice } | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm>(null);
  const busyUserId = changeRole.isPending
    ? (changeRole.variables?.userId ?? null)
    : setActive.isPending
      ? (setActive.variables?.userId ?? null)
      : resendInvitation.isPending
        ? (resendInvitation.variables ?? null)
        : withdrawInvitation.isPending
          ? (withdrawInvitation.variables ?? null)
          : null;

  function report(message: string) {
    success.clear();
    setKept(null);
    setError(message);
  }
  function done(message: string) {
    setError(null);
    setKept(null);
    success.show(message);
  }

  function handleRoleChange(user: PublicUser, newRole: Role) {
    // The server refuses it too; the spec's screen said so before asking.
    if (user.id === me?.id) return report(MESSAGES.cannotChangeOwnRole);
    changeRole.mutate(
      { userId: user.id, role: newRole },
      { onSuccess: ({ message }) => done(message), onError: (failure) => report(errorMessage(failure, MESSAGES.updateUserRoleFailed)) },
    );
  }

  function handleToggleActive(user: PublicUser) {
    if (user.active && user.id === me?.id) return report(MESSAGES.cannotDeactivateOwnAccount);
    if (user.active) return setConfirm({ kind: 'deactivate', user, isOpen: true });
    setActive.mutate(
      { userId: user.id, active: true },
      { onSuccess: ({ message }) => done(message), onError: (failure) => report(errorMessage(failure, MESSAGES.updateUserStatusFailed)) },
    );
  }

  function handleResendInvitation(user: UserListItem) {
    resendInvitation.mutate(user.id, {
      onSuccess: ({ message, mail }) => {
        if (mail.delivery !== 'kept') return done(message);
        setError(null);
        success.clear();
        setKept({ message, mail });
      },
      onError: (failure) => report(errorMessage(failure, MESSAGES.sendInvitationFailed)),
    });
  }

  function handleWithdrawInvitation(user: UserListItem) {
    withdrawInvitation.mutate(user.id, {
      onSuccess: ({ message }) => done(message),
      onError: (failure) => report(errorMessage(failure, MESSAGES.withdrawInvitationFailed)),
    });
  }

  function handleDelete(user: PublicUser) {
    if (user.id === me?.id) return report(MESSAGES.cannotDeleteOwnAccount);
    setConfirm({ kind: 'delete', user, isOpen: true });
  }

  // The prompt's words stay while the dialog animates out, so they do not change as it goes.
  function closeConfirm() {
    setConfirm((current) => current && { ...current, isOpen: false });
  }

  function handleConfirm() {
    if (!confirm) return;
    if (confirm.kind === 'delete') {
      deleteUser.mutate(confirm.user.id, {
        onSuccess: ({ message }) => done(message),
        onError: (failure) => report(errorMessage(failure, MESSAGES.deleteUserFailed)),
        onSettled: closeConfirm,
      });
    } else {
      setActive.mutate(
        { userId: confirm.user.id, active: false },
        {
          onSuccess: ({ message }) => done(message),
          onError: (failure) => report(errorMessage(failure, MESSAGES.updateUserStatusFailed)),
          onSettled: closeConfirm,
        },
      );
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="users-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="users-heading">
          Users
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search users"
            placeholder="Name, email or staff ID"
            type="search"
            leftSection={<FaSearch aria-hidden />}
            rightSection={users.isFetching && search.trim() !== '' ? <BusyIndicator size="xs" /> : null}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            style={{ flex: '1 1 16rem' }}
          />
          <Select
            label="Filter by role"
            data={[{ value: 'all', label: 'All roles' }, ...ROLE_OPTIONS]}
            value={role ?? 'all'}
            allowDeselect={false}
            onChange={(value) => {
              setRole(isRole(value) ? value : null);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            style={{ flex: '0 1 10rem' }}
            comboboxProps={{ withinPortal: true }}
          />
          {/* A phone shows one column, so its sort choices live here instead of in the headers. */}
          <Select
            hiddenFrom="sm"
            label="Sort by"
            data={SORT_OPTIONS}
            value={`${sort.sort}:${sort.order}`}
            allowDeselect={false}
            onChange={(value) => {
              const option = SORT_CHOICES.find((choice) => `${choice.sort}:${choice.order}` === value);
              if (!option) return;
              setSort({ sort: option.sort, order: option.order });
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            style={{ flex: '0 1 10rem' }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <ErrorBanner message={users.isError ? errorMessage(users.error, MESSAGES.fetchUsersFailed) : error} />
        <SuccessBanner message={success.message} />
        {kept && <KeptMailNotice message={kept.message} mail={kept.mail} onClose={() => setKept(null)} />}
        <UsersTable
          users={users.data?.users ?? []}
          total={users.data?.total ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          sort={sort}
          isFetching={users.isFetching && !users.isError}
          currentUserId={me?.id ?? ''}
          busyUserId={busyUserId}
          onPageChange={(page) => setPaging((current) => ({ ...current, page }))}
          onPageSizeChange={(pageSize) => setPaging({ page: 1, pageSize })}
          onSortChange={(next) => {
            setSort(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          onRoleChange={handleRoleChange}
          onToggleActive={handleToggleActive}
          onDelete={handleDelete}
          onResendInvitation={handleResendInvitation}
          onWithdrawInvitation={handleWithdrawInvitation}
        />
      </Stack>
      <ConfirmDialog
        isOpen={confirm?.isOpen === true}
        title={confirm?.kind === 'delete' ? 'Delete user' : 'Deactivate account'}
        message={confirm?.kind === 'delete' ? MESSAGES.confirmDeleteUser : MESSAGES.confirmDeactivateUser}
        confirmLabel={confirm?.kind === 'delete' ? 'Delete' : 'Deactivate'}
        isPending={deleteUser.isPending || setActive.isPending}
        onConfirm={handleConfirm}
        onCancel={closeConfirm}
      />
    </Paper>
  );
}
