import { useState } from 'react';
import { Button, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { FaSearch } from 'react-icons/fa';
import { formatNaira, koboToNairaString, type AdviceDetail, type AdviceLine } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';

const ROWS_PER_PAGE = 25;

type Props = { detail: AdviceDetail; typed: Record<string, string>; onChange: (typed: Record<string, string>) => void };

/**
 * What payroll deducted from each member, keyed on screen: one total each, which pays their
 * deductions in the scheme's order. Blank means payroll sent nothing for them (not on payroll).
 */
export function KeyedAmounts({ detail, typed, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const advised = detail.lines.filter((line) => line.heldReason === null && line.staffId !== null);
  const needle = search.trim().toLowerCase();
  const shown = advised.filter((line) => !needle || line.name.toLowerCase().includes(needle) || (line.staffId ?? '').toLowerCase().includes(needle));
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);

  function fillAdvised() {
    onChange(Object.fromEntries(advised.map((line) => [line.userId, koboToNairaString(line.totalKobo)])));
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Name or staff ID"
          leftSection={<FaSearch aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 12rem' }}
        />
        <Button variant="default" onClick={fillAdvised}>
          Fill in the advised amounts
        </Button>
      </Group>
      {shown.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE).map((line: AdviceLine) => (
        <AmountInput
          key={line.userId}
          label={`${line.name} (${line.staffId ?? ''}) (₦)`}
          description={`Advised ${formatNaira(line.totalKobo)}`}
          value={typed[line.userId] ?? ''}
          onChange={(next) => onChange({ ...typed, [line.userId]: next })}
        />
      ))}
      {pageCount > 1 && <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />}
      <Text size="sm" c="dimmed">
        {Object.values(typed).filter((value) => value.trim() !== '').length} of {advised.length} members keyed
      </Text>
    </Stack>
  );
}
