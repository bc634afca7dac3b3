import { useState } from 'react';
import { Select } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES } from '@kobo/core';
import { usePeople } from '../api/get-people.ts';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

export type Person = { id: string; label: string };

/**
 * The person filter: a searchable select whose choices come from the server (the first matches of
 * the typed name, email or staff ID), so it stays quick with thousands of people.
 */
export function PersonSelect({ value, onChange }: { value: Person | null; onChange: (person: Person | null) => void }) {
  const [search, setSearch] = useState(value?.label ?? '');
  // Once a person is chosen the box shows their label: that is not a new search.
  const typed = search === value?.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const people = usePeople(debounced);
  const options = (people.data?.users ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));
  if (value && !options.some((option) => option.value === value.id)) options.unshift({ value: value.id, label: value.label });

  return (
    <Select
      label="Person"
      placeholder="Anyone"
      searchable
      // By keyboard: choose the chosen person again, or Clear filters.
      clearable
      data={options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; the select shows its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={people.isFetching ? MESSAGES.loading : MESSAGES.noOneFound}
      rightSection={people.isFetching && typed ? <BusyIndicator size="xs" /> : undefined}
      onChange={(id, option) => onChange(id ? { id, label: option?.label ?? id } : null)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
