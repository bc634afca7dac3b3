import { useState } from 'react';
import { Badge, Button, Card, Group, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { FaSearch } from 'react-icons/fa';
import { formatNaira, type AdviceDetail, type AdviceLine } from '@kobo/core';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';

const ROWS_PER_PAGE = 25;

type Props = { detail: AdviceDetail; onEdit: ((line: AdviceLine) => void) | null };

function matches(line: AdviceLine, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || line.name.toLowerCase().includes(needle) || (line.staffId ?? '').toLowerCase().includes(needle);
}

/**
 * The advice's lines: staff ID, name, a column per deduction and the total, held and changed lines
 * marked; on a phone a card per member, so nothing scrolls sideways. Searchable, 25 to a page.
 */
export function AdviceLines({ detail, onEdit }: Props) {
  const isWide = useIsWideScreen();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const shown = detail.lines.filter((line) => matches(line, search));
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = shown.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);
  const { deductions } = detail;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Advice lines">
      <Stack gap="sm">
        <TextInput
          label="Search"
          placeholder="Name or staff ID"
          leftSection={<FaSearch aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {isWide ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label="Deductions per member">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff ID</Table.Th>
                  <Table.Th>Name</Table.Th>
                  {deductions.map((deduction) => (
                    <Table.Th key={deduction.key} ta="right">
                      {deduction.label}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Total</Table.Th>
                  {onEdit && <Table.Th>Change</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((line) => (
                  <Table.Tr key={line.userId} c={line.heldReason ? 'dimmed' : undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.staffId ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {line.name}
                      </Text>
                      <LineMarks line={line} />
                    </Table.Td>
                    {deductions.map((deduction) => (
                      <Table.Td key={deduction.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatNaira(line.deductions[deduction.key] ?? 0)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatNaira(line.totalKobo)}
                    </Table.Td>
                    {onEdit && (
                      <Table.Td>
                        <Button size="xs" variant="light" onClick={() => onEdit(line)} aria-label={`Change ${line.name}`}>
                          Change
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>Total (members not held out)</Table.Th>
                  {deductions.map((deduction) => (
                    <Table.Th key={deduction.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNaira(deduction.totalKobo)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(detail.advice.totalKobo)}
                  </Table.Th>
                  {onEdit && <Table.Th />}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="xs" role="list" aria-label="Deductions per member">
            {rows.map((line) => (
              <Card withBorder radius="md" padding="sm" role="listitem" key={line.userId}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {line.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.staffId ?? '—'}
                    </Text>
                  </div>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(line.totalKobo)}
                  </Text>
                </Group>
                <LineMarks line={line} />
                <Stack gap={2} mt={6} component="dl" m={0}>
                  {deductions
                    .filter((deduction) => (line.deductions[deduction.key] ?? 0) > 0)
                    .map((deduction) => (
                      <Group key={deduction.key} justify="space-between" gap="xs" wrap="nowrap">
                        <Text component="dt" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {deduction.label}
                        </Text>
                        <Text component="dd" m={0} size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatNaira(line.deductions[deduction.key] ?? 0)}
                        </Text>
                      </Group>
                    ))}
                </Stack>
                {onEdit && (
                  <Button size="xs" variant="light" mt="xs" onClick={() => onEdit(line)} aria-label={`Change ${line.name}`}>
                    Change
                  </Button>
                )}
              </Card>
            ))}
          </Stack>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {shown.length} members
          </Text>
          {pageCount > 1 && <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Held out (with why) and changed by an officer, under the name. */
function LineMarks({ line }: { line: AdviceLine }) {
  if (!line.heldReason && !line.changed) return null;
  return (
    <Group gap={4} mt={2} wrap="wrap">
      {line.heldReason && (
        <>
          <Badge size="sm" color="yellow" variant="light">
            Held out
          </Badge>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {line.heldReason}
          </Text>
        </>
      )}
      {line.changed && (
        <Badge size="sm" color="blue" variant="light">
          Changed
        </Badge>
      )}
    </Group>
  );
}
