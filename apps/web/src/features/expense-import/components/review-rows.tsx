import { useState } from 'react';
import { Badge, Button, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { formatNaira, type ReviewedImportRow } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';

type Filter = 'all' | 'refused' | 'ready';
/** Rows drawn at once: a 20,000-row file shows its first rows and a button for more. */
const PAGE = 200;

/** The reviewed rows, refused first (each with its reason), filterable; cards on a phone. */
export function ReviewRows({ rows, refusedCount, readyCount }: { rows: ReviewedImportRow[]; refusedCount: number; readyCount: number }) {
  const [filter, setFilter] = useState<Filter>(refusedCount > 0 ? 'refused' : 'all');
  const [shown, setShown] = useState(PAGE);
  const isWide = useIsWideScreen();
  const ordered = [...rows.filter((row) => !row.isReady), ...rows.filter((row) => row.isReady)];
  const visible = ordered.filter((row) => filter === 'all' || (filter === 'ready') === row.isReady);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Rows to show"
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setShown(PAGE);
        }}
        data={[
          { value: 'all', label: `All (${rows.length})` },
          { value: 'refused', label: `Refused (${refusedCount})` },
          { value: 'ready', label: `Ready (${readyCount})` },
        ]}
      />
      {isWide ? <RowTable rows={visible.slice(0, shown)} /> : <RowCards rows={visible.slice(0, shown)} />}
      {visible.length > shown && (
        <Button variant="default" onClick={() => setShown(shown + PAGE)}>
          Show more rows ({visible.length - shown} left)
        </Button>
      )}
    </Stack>
  );
}

function Status({ row }: { row: ReviewedImportRow }) {
  return row.isReady ? (
    <Badge color="green" variant="light">
      {row.isNewItem ? 'Ready (new item)' : 'Ready'}
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      Refused
    </Badge>
  );
}

const amountOf = (row: ReviewedImportRow) => (row.amountKobo === null ? '—' : formatNaira(row.amountKobo));
const dateOf = (row: ReviewedImportRow) => (row.spentOn ? formatCalendarDate(row.spentOn) : '—');

function RowTable({ rows }: { rows: ReviewedImportRow[] }) {
  return (
    <Table striped verticalSpacing={4} aria-label="Reviewed rows">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Item</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
          <Table.Th>Description, or why it is refused</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.line}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td>
              <Status row={row} />
            </Table.Td>
            <Table.Td>{dateOf(row)}</Table.Td>
            <Table.Td>{row.itemName || '—'}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{amountOf(row)}</Table.Td>
            <Table.Td>{row.problem ? <Text c="red" size="sm">{row.problem}</Text> : <Text size="sm" lineClamp={2}>{row.description ?? ''}</Text>}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RowCards({ rows }: { rows: ReviewedImportRow[] }) {
  return (
    <Stack gap="xs" component="ul" aria-label="Reviewed rows" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper key={row.line} component="li" withBorder radius="sm" p="xs">
          <Text size="sm" fw={600} component="div">
            Line {row.line} · <Status row={row} />
          </Text>
          <Text size="sm">
            {dateOf(row)} · {row.itemName || '—'} · {amountOf(row)}
          </Text>
          {row.problem ? <Text c="red" size="sm">{row.problem}</Text> : <Text size="sm" c="dimmed" lineClamp={2}>{row.description ?? ''}</Text>}
        </Paper>
      ))}
    </Stack>
  );
}
