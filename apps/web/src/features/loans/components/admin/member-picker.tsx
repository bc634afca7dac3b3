import { useState } from 'react';
import { Group, Select, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES, formatNaira, type SavingsHolderListItem } from '@kobo/core';
import { useLoanApplicants } from '../../api/admin-get-loan-applicants.ts';
import classes from '../../../../components/figures.module.css';
import { errorMessage } from '../../../../lib/api-client.ts';
import { BusyIndicator } from '../../../../components/busy-indicator.tsx';

type Props = {
  value: SavingsHolderListItem | null;
  onChange: (member: SavingsHolderListItem) => void;
};

function memberLabel(member: SavingsHolderListItem): string {
  return member.staffId ? `${member.name} (${member.staffId})` : member.name;
}

/**
 * The member an officer applies for, searched on the server by name or staff ID, each shown with
 * their savings balance (what the loan is measured against); the chosen one's balance stays beside
 * the field.
 */
export function MemberPicker({ value, onChange }: Props) {
  const [search, setSearch] = useState('');
  // Once a member is chosen the box shows their label, which is not a search.
  const typed = value && search === memberLabel(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const members = useLoanApplicants(debounced);
  // The chosen member stays in the list whatever is searched, so their name still shows.
  const known = new Map([...(value ? [value] : []), ...(members.data ?? [])].map((member) => [member.userId, member]));
  const options = [...known.values()].map((member) => ({ value: member.userId, label: memberLabel(member) }));

  return (
    <Select
      label="Member"
      description={value ? `Savings balance ${formatNaira(value.balanceKobo)}` : 'The savings holder the loan is for'}
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
      error={members.isError ? errorMessage(members.error, MESSAGES.loadStaffListFailed) : undefined}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      required
      data-autofocus
    />
  );
}
