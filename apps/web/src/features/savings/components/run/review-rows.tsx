import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatNaira, type ReviewedRow } from '@kobo/core';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { ROW_STATUS, ROW_TYPE_OPTIONS } from './run-labels.ts';
import type { EditableRow, RunReview } from './use-run-review.ts';

const ROWS_PER_PAGE = 50;

/** A reviewed row beside what the admin has made of it since: null once dropped. */
type ShownRow = { reviewed: ReviewedRow; current: EditableRow | null; isChanged: boolean };

/**
 * Every reviewed row, refused ones first so they are never pages away, each with its reason on
 * the row. A refused row is fixed in place (staff ID or email, amount, type) or dropped; a wide
 * screen shows a table, a phone a card per row.
 */
export function ReviewRows({ run }: { run: RunReview }) {
  const [page, setPage] = useState(1);
  const isWide = useIsWideScreen();
  const review = run.review;
  if (!review) return null;
  const shown: ShownRow[] = review.rows
    .map((reviewed) => ({ reviewed, current: run.rows[reviewed.line - 1] ?? null, isChanged: run.isChanged(reviewed.line) }))
    .toSorted((a, b) => Number(b.reviewed.status === 'refused') - Number(a.reviewed.status === 'refused') || a.reviewed.line - b.reviewed.line);
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = shown.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);

  return (
    <Stack gap="sm">
      {isWide ? <RowsTable rows={rows} run={run} /> : <RowCards rows={rows} run={run} />}
      {pageCount > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {shown.length} rows
          </Text>
          <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={isWide ? 1 : 0} boundaries={1} />
        </Group>
      )}
    </Stack>
  );
}

type RowsProps = { rows: ShownRow[]; run: RunReview };
type FieldProps = { row: ShownRow; run: RunReview };

function RowsTable({ rows, run }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Reviewed rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Line</Table.Th>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.reviewed.line} aria-label={`Line ${row.reviewed.line}`}>
              <Table.Td>{row.reviewed.line}</Table.Td>
              {row.reviewed.status === 'refused' && row.current ? (
                <>
                  <Table.Td>
                    <RefInput row={row} run={run} />
                  </Table.Td>
                  <Table.Td>{row.reviewed.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <AmountField row={row} run={run} />
                  </Table.Td>
                  <Table.Td>
                    <TypeField row={row} run={run} />
                  </Table.Td>
                </>
              ) : (
                <>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.reviewed.staffId ?? row.reviewed.ref}</Table.Td>
                  <Table.Td>{row.reviewed.name ?? '—'}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <ReviewedAmount row={row.reviewed} />
                  </Table.Td>
                  <Table.Td>{typeLabel(row.reviewed)}</Table.Td>
                </>
              )}
              <Table.Td>
                <Status row={row} run={run} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards({ rows, run }: RowsProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviewed rows">
      {rows.map((row) => (
        <Paper key={row.reviewed.line} component="li" withBorder radius="sm" p="sm" aria-label={`Line ${row.reviewed.line}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              Line {row.reviewed.line}: {row.reviewed.name ?? row.reviewed.ref}
            </Text>
            {row.reviewed.status === 'ready' && <ReviewedAmount row={row.reviewed} />}
          </Group>
          {row.reviewed.status === 'refused' && row.current ? (
            <Stack gap="xs" mt="xs">
              <RefInput row={row} run={run} />
              <Group grow gap="xs" preventGrowOverflow={false}>
                <AmountField row={row} run={run} />
                <TypeField row={row} run={run} />
              </Group>
            </Stack>
          ) : (
            <Text size="xs" c="dimmed">
              {row.reviewed.staffId ?? row.reviewed.ref} · {typeLabel(row.reviewed)}
            </Text>
          )}
          <Stack gap={4} mt="xs">
            <Status row={row} run={run} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function typeLabel(row: ReviewedRow): string {
  return ROW_TYPE_OPTIONS.find((option) => option.value === row.type)?.label ?? '—';
}

function ReviewedAmount({ row }: { row: ReviewedRow }) {
  return (
    <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {row.amountKobo === null ? row.amountText : formatNaira(row.amountKobo)}
    </Text>
  );
}

/** The verdict and its reason; a dropped or changed row says it waits for the next review. */
function Status({ row, run }: FieldProps) {
  const status = ROW_STATUS[row.reviewed.status];
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={6} wrap="wrap">
        <Badge variant="light" color={status.color}>
          {status.label}
        </Badge>
        {row.current === null ? (
          <Badge variant="outline" color="gray">
            Dropped
          </Badge>
        ) : (
          row.isChanged && (
            <Badge variant="outline" color="yellow">
              Changed
            </Badge>
          )
        )}
        {row.reviewed.status === 'refused' && row.current && (
          <Button variant="subtle" color="red" size="compact-xs" onClick={() => run.drop(row.reviewed.line)}>
            Drop line {row.reviewed.line}
          </Button>
        )}
      </Group>
      {row.reviewed.reason && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {row.reviewed.reason}
        </Text>
      )}
    </Stack>
  );
}

function RefInput({ row, run }: FieldProps) {
  return (
    <TextInput
      size="xs"
      aria-label={`Staff ID or email, line ${row.reviewed.line}`}
      value={row.current?.ref ?? ''}
      onChange={(event) => run.edit(row.reviewed.line, { ref: event.currentTarget.value })}
      miw={0}
    />
  );
}

/** A text field, not a number field: what payroll wrote ('12.345') must show as written to be fixed. */
function AmountField({ row, run }: FieldProps) {
  return (
    <TextInput
      size="xs"
      aria-label={`Amount, line ${row.reviewed.line}`}
      inputMode="decimal"
      value={row.current?.amount ?? ''}
      onChange={(event) => run.edit(row.reviewed.line, { amount: event.currentTarget.value })}
      miw={0}
    />
  );
}

function TypeField({ row, run }: FieldProps) {
  const type = (row.current?.type ?? '').trim().toLowerCase();
  // An unreadable type ('Credit') stays on offer as written, so the select shows what is wrong.
  const isKnown = type === '' || ROW_TYPE_OPTIONS.some((option) => option.value === type);
  const data = isKnown ? ROW_TYPE_OPTIONS : [{ value: row.current?.type ?? '', label: row.current?.type ?? '' }, ...ROW_TYPE_OPTIONS];
  return (
    <NativeSelect
      size="xs"
      aria-label={`Type, line ${row.reviewed.line}`}
      data={data}
      value={isKnown ? type || 'deposit' : (row.current?.type ?? '')}
      onChange={(event) => run.edit(row.reviewed.line, { type: event.currentTarget.value })}
      miw={0}
    />
  );
}
