import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, sumKobo, type ExpenseView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { countLabel, expenseText } from './expense-labels.ts';

/**
 * Under the form during rapid entry: what Add and new saved on this visit, newest first, and
 * their total, so someone entering forty receipts sees each one land whatever its date
 * (an expense dated last week is not on the list's default Today).
 */
export function EntriesJustMade({ entries }: { entries: ExpenseView[] }) {
  if (entries.length === 0) return null;
  const total = sumKobo(entries.map((entry) => entry.amountKobo));
  return (
    <Paper withBorder radius="md" p="md" maw={560} mt="md" component="section" aria-labelledby="entries-just-made">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="entries-just-made">
            {MESSAGES.entriesJustMade}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {countLabel(entries.length)} · <strong data-testid="entries-total">{formatNaira(total)}</strong>
          </Text>
        </Group>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <CategoryMark color={entry.category.color} icon={entry.category.icon} size={18} />
                    <Stack gap={0} miw={0}>
                      <span>{entry.category.name}</span>
                      {expenseText(entry) && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {expenseText(entry)}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(entry.date)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(entry.amountKobo)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
