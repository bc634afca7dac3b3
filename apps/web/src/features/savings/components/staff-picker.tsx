import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Group, Pagination, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { useDebouncedValue } from '@mantine/hooks';
import { FaSearch } from 'react-icons/fa';
import { MESSAGES, formatNaira, type SavingsHolderListItem } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSavingsHolders } from '../api/get-savings-holders.ts';
import classes from '../../../components/figures.module.css';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

const PICKER_PAGE_SIZE = 10;

/** The address of a holder's detail page: their staff ID when they have one, else their user id. */
export function detailPathOf(holder: { staffId: string | null; userId: string }): string {
  return paths.savings.detail(holder.staffId ?? holder.userId);
}

/** SPEC 2 / 6: everyone who is not an admin, searched by name, email, role or staff ID (issue 11); each opens their detail page. */
export function StaffPicker() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const holders = useSavingsHolders(debouncedSearch);

  return (
    <Stack gap="sm">
      <TextInput
        label="Search staff"
        placeholder="Name, email, role or staff ID"
        type="search"
        leftSection={<FaSearch aria-hidden />}
        rightSection={holders.isFetching ? <BusyIndicator size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {holders.isError ? (
        <ErrorBanner message={MESSAGES.loadStaffListFailed} />
      ) : holders.data ? (
        // Keyed by the search, so a new search starts again on its first page.
        <HolderList key={debouncedSearch} holders={holders.data} />
      ) : (
        <Text c="dimmed">{MESSAGES.loading}</Text>
      )}
    </Stack>
  );
}

function HolderList({ holders }: { holders: SavingsHolderListItem[] }) {
  const [page, setPage] = useState(1);
  if (holders.length === 0) return <Text c="dimmed">{MESSAGES.noStaffFound}</Text>;
  const pageCount = Math.ceil(holders.length / PICKER_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const shown = holders.slice((current - 1) * PICKER_PAGE_SIZE, current * PICKER_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Staff">
        {shown.map((holder) => (
          <li key={holder.userId}>
            <HolderLink holder={holder} />
          </li>
        ))}
      </Stack>
      {pageCount > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {holders.length} people
          </Text>
          <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />
        </Group>
      )}
    </Stack>
  );
}

function HolderLink({ holder }: { holder: SavingsHolderListItem }) {
  return (
    <UnstyledButton component={Link} to={detailPathOf(holder)} w="100%" display="block">
      <Paper withBorder radius="sm" p="sm" className={classes.linkCard}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate="end">
              {holder.name}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {holder.email}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={600} className={classes.figure}>
              {formatNaira(holder.balanceKobo)}
            </Text>
            {holder.heldKobo > 0 && (
              <Text size="xs" c="dimmed" className={classes.figure}>
                Available {formatNaira(holder.availableKobo)}
              </Text>
            )}
            <Group gap={4} wrap="nowrap">
              {holder.staffId && (
                <Badge variant="outline" size="sm">
                  {holder.staffId}
                </Badge>
              )}
              <Badge variant="light" size="sm" color={holder.role === 'staff' ? 'blue' : 'gray'}>
                {holder.role}
              </Badge>
              {!holder.active && (
                <Badge variant="light" size="sm" color="red">
                  inactive
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
