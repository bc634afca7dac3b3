import { useState } from 'react';
import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES, formatNaira, type SavingsHolderListItem } from '@kobo/core';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useHolders } from '../api/get-holders.ts';

type Props = {
  label: string;
  description: string;
  value: SavingsHolderListItem | null;
  onChange: (member: SavingsHolderListItem) => void;
  error?: string | boolean | null;
  /** Members who may not be chosen (the leaver, the borrower). */
  leaveOut?: readonly string[];
};

const SHOWN = 8;

function memberLabel(member: SavingsHolderListItem): string {
  return member.staffId ? `${member.name} (${member.staffId})` : member.name;
}

/**
 * A savings holder searched on the server by name or staff ID (as the loans screens search them):
 * a search box, then the first matches as radio buttons, each with their savings balance. Radios
 * rather than a combobox: Mantine's Select would join the chunk every first visit loads once one
 * more page used it (docs/decisions/029-page-weight.md), and a list of radios reads the same by keyboard.
 */
export function MemberPicker({ label, description, value, onChange, error, leaveOut = [] }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const members = useHolders(debounced);
  const found = debounced ? (members.data ?? []).filter((member) => !leaveOut.includes(member.userId)).slice(0, SHOWN) : [];
  const shown = value && !found.some((member) => member.userId === value.userId) ? [value, ...found] : found;

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description}
        placeholder="Search by name or staff ID"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={members.isFetching && debounced ? <BusyIndicator size="xs" /> : undefined}
        error={error ?? (members.isError ? errorMessage(members.error, MESSAGES.loadStaffListFailed) : undefined)}
        autoComplete="off"
        required
        data-autofocus
      />
      {debounced && !members.isFetching && found.length === 0 && (
        <Text size="sm" c="dimmed">
          {MESSAGES.noStaffFound}
        </Text>
      )}
      {shown.length > 0 && (
        <Radio.Group
          aria-label={`${label}: the matches`}
          value={value?.userId ?? null}
          onChange={(id) => {
            const member = shown.find((candidate) => candidate.userId === id);
            if (member) onChange(member);
          }}
        >
          <Stack gap={6}>
            {shown.map((member) => (
              <Radio
                key={member.userId}
                value={member.userId}
                label={
                  <Group gap="xs" wrap="wrap">
                    <span style={{ overflowWrap: 'anywhere' }}>{memberLabel(member)}</span>
                    <Text span size="sm" c="dimmed">
                      {formatNaira(member.balanceKobo)}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
