import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { FaPlus, FaTrash } from 'react-icons/fa';
import { entryTotals, formatNaira, MAX_ENTRY_LINES, type Book } from '@kobo/core';
import { useLineAccounts } from '../api/get-book-accounts.ts';

export type LineDraft = { key: number; accountId: string; debit: string; credit: string };

let nextKey = 0;
export function blankLine(): LineDraft {
  nextKey += 1;
  return { key: nextKey, accountId: '', debit: '', credit: '' };
}

type Props = {
  book: Book;
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Beside each line's account and amount ('lines.0.accountId'): its sentence, or true when flagged and worded elsewhere. */
  errorOf: (field: string) => string | true | null;
  /** A line's account or amount changed: its flag goes. */
  onEdited: (field: string) => void;
  /** The fewest lines the form keeps (2 for an entry, 1 for opening balances). */
  minLines: number;
  /** An entry shows its difference as it is typed; opening balances' difference goes to Opening balances. */
  differenceLabel: string;
};

/**
 * The lines of an entry: an account, a debit or a credit each, and the totals as they are typed:
 * 'Debits ₦x · Credits ₦y · Difference ₦z'. Each line's problem stands beside it, the entry's
 * (unbalanced, too few lines) in the form's banner.
 */
export function EntryLinesEditor({ book, lines, onChange, errorOf, onEdited, minLines, differenceLabel }: Props) {
  const accounts = useLineAccounts(book);
  const options = (accounts.data ?? []).map((account) => ({ value: account.id, label: `${account.code} · ${account.name}` }));
  const totals = entryTotals(lines);
  const change = (index: number, key: number, patch: Partial<LineDraft>) => {
    onEdited(`lines.${index}.${'accountId' in patch ? 'accountId' : 'amount'}`);
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  };
  return (
    <Stack gap="xs">
      {lines.map((line, index) => (
        <Group key={line.key} align="flex-start" gap="xs" wrap="wrap" role="group" aria-label={`Line ${index + 1}`}>
          <Select
            label={`Account, line ${index + 1}`}
            placeholder="Choose an account"
            data={options}
            value={line.accountId || null}
            onChange={(value) => change(index, line.key, { accountId: value ?? '' })}
            searchable
            error={errorOf(`lines.${index}.accountId`)}
            miw={220}
            style={{ flex: '2 1 220px' }}
          />
          <TextInput
            label={`Debit, line ${index + 1}`}
            inputMode="decimal"
            value={line.debit}
            onChange={(event) => change(index, line.key, { debit: event.currentTarget.value })}
            error={errorOf(`lines.${index}.amount`)}
            style={{ flex: '1 1 110px' }}
          />
          <TextInput
            label={`Credit, line ${index + 1}`}
            inputMode="decimal"
            value={line.credit}
            onChange={(event) => change(index, line.key, { credit: event.currentTarget.value })}
            style={{ flex: '1 1 110px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove line ${index + 1}`}
            disabled={lines.length <= minLines}
            onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
          >
            <FaTrash aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between" wrap="wrap">
        <Button variant="light" leftSection={<FaPlus aria-hidden />} disabled={lines.length >= MAX_ENTRY_LINES} onClick={() => onChange([...lines, blankLine()])}>
          Add line
        </Button>
        <Text aria-live="polite" data-testid="entry-totals">
          Debits {formatNaira(totals.debitKobo)} · Credits {formatNaira(totals.creditKobo)} · {differenceLabel} {formatNaira(Math.abs(totals.differenceKobo))}
        </Text>
      </Group>
    </Stack>
  );
}
