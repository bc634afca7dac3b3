import { useState } from 'react';
import { Group, Select, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES, formatNaira, type SavingsHolderListItem } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import classes from '../../../components/figures.module.css';
import { errorMessage } from '../../../lib/api-client.ts';
import { useHolders } from '../api/get-holders.ts';

type Props = {
  label: string;
  description: string;
  value: SavingsHolderListItem | null;
  onChange: (member: SavingsHolderListItem) => void;
  error?: string | null;
  /** Members who may not be chosen (the leaver, the borrower). */
  leaveOut?: readonly string[];
};

function memberLabel(member: SavingsHolderListItem): string {
  return member.staffId ? `${member.name} (${member.staffId})` : member.name;
}

/**
 * A savings holder searched on the server by name or staff ID (as the loans screens search them),
 * each shown with their savings balance; the chosen one stays in the list whatever is typed next.
 */
export function MemberPicker({ label, description, value, onChange, error, leaveOut = [] }: Props) {
  const [search, setSearch] = useState('');
  const typed = value && search === memberLabel(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const members = useHolders(debounced);
  const known = new Map([...(value ? [value] : []), ...(members.data ?? []).filter((member) => !leaveOut.includes(member.userId))].map((member) => [member.userId, member]));
  const options = [...known.values()].map((member) => ({ value: member.userId, label: memberLabel(member) }));

  return (
    <Select
      label={label}
      description={description}
      placeholder="Search by name or staff ID"
      searchable
      data={options}
      value={value?.userId ?? null}
      onChange={(id) => {
        const member = id ? known.get(id) : undefined;
        if (member) onChange(member);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; show its answer as it is.
      filter={({ options: all }) => all}
      limit={20}
      renderOption={({ option }) => {
        const member = known.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {option.label}
            </Text>
            {member && (
              <Text size="sm" c="dimmed" className={classes.figure} style={{ flexShrink: 0 }}>
                {formatNaira(member.balanceKobo)}
              </Text>
            )}
          </Group>
        );
      }}
      nothingFoundMessage={members.isFetching ? MESSAGES.loading : MESSAGES.noStaffFound}
      rightSection={members.isFetching && typed ? <BusyIndicator size="xs" /> : undefined}
      error={error ?? (members.isError ? errorMessage(members.error, MESSAGES.loadStaffListFailed) : undefined)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      required
    />
  );
}
