import { Table } from '@mantine/core';
import { formatNaira, type EntryLineView } from '@kobo/core';

/** An entry's lines as the books write them: account, then a debit or a credit (posted opening balances, a request awaiting approval). */
export function EntryLinesTable({ lines }: { lines: EntryLineView[] }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          <Table.Th ta="right">Debit</Table.Th>
          <Table.Th ta="right">Credit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, index) => (
          // Lines have no id of their own: their order is the entry's.
          // oxlint-disable-next-line react/no-array-index-key
          <Table.Tr key={index}>
            <Table.Td>
              {line.code} · {line.name}
            </Table.Td>
            <Table.Td ta="right">{line.debitKobo ? formatNaira(line.debitKobo) : ''}</Table.Td>
            <Table.Td ta="right">{line.creditKobo ? formatNaira(line.creditKobo) : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
