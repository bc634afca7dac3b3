import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES, type GuarantorCandidate } from '@kobo/core';
import { useGuarantorCandidates } from '../../api/holder-get-guarantor-candidates.ts';
import { errorMessage } from '../../../../lib/api-client.ts';
import { BusyIndicator } from '../../../../components/busy-indicator.tsx';

type Props = {
  required: number;
  chosen: GuarantorCandidate[];
  onChange: (chosen: GuarantorCandidate[]) => void;
  error?: string | boolean | null;
  /** The member an officer applies for, left out of the candidates; a holder is left out of their own. */
  borrowerId?: string;
};

function candidateLabel(candidate: GuarantorCandidate): string {
  return candidate.staffId ? `${candidate.name} (${candidate.staffId})` : candidate.name;
}

/**
 * Colleagues to guarantee the loan, searched on the server by name or staff ID (the first 20
 * matches), so it stays quick however many people save. Exactly as many as the product asks for.
 */
export function GuarantorPicker({ required, chosen, onChange, error, borrowerId }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const candidates = useGuarantorCandidates(debounced, borrowerId);
  // The people already chosen stay in the list whatever is searched, so their names still show.
  const known = new Map([...chosen, ...(candidates.data ?? [])].map((candidate) => [candidate.userId, candidate]));
  const options = [...known.values()].map((candidate) => ({ value: candidate.userId, label: candidateLabel(candidate) }));

  return (
    <MultiSelect
      label="Guarantors"
      description={`Choose ${required} colleague${required === 1 ? '' : 's'}: each guarantees an equal share of the loan`}
      placeholder={chosen.length < required ? 'Search by name or staff ID' : undefined}
      searchable
      data={options}
      value={chosen.map((candidate) => candidate.userId)}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; show its answer as it is.
      filter={({ options: all }) => all}
      maxValues={required}
      hidePickedOptions
      nothingFoundMessage={candidates.isFetching ? MESSAGES.loading : MESSAGES.noStaffFound}
      rightSection={candidates.isFetching && search ? <BusyIndicator size="xs" /> : undefined}
      error={error ?? (candidates.isError ? errorMessage(candidates.error, MESSAGES.loadStaffListFailed) : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
