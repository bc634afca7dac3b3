import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { formatNaira, type ReviewedRow } from '@kobo/core';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { AmountField, RefInput, RepaymentField, TypeField, type FieldProps, type ShownRow } from './review-row-fields.tsx';
import { ROW_STATUS, ROW_TYPE_OPTIONS } from './run-labels.ts';
import type { RunReview } from './use-run-review.ts';

const ROWS_PER_PAGE = 50;

/**
 * Every reviewed row, refused ones first so they are never pages away, each with its reason on
 * the row. A refused row is fixed in place (staff ID or email, amount, loan repayment, type) or
 * dropped; a wide screen shows a table, a phone a card per row. Issue 12: each row's loan
 * repayment, with what is due beside it when the two differ, and what loans hold of a balance a
 * withdrawal draws on.
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

function RowsTable({ rows, run }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" aria-label="Reviewed rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Line</Table.Th>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Loan repayment</Table.Th>
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
                    <HeldNote row={row.reviewed} />
                  </Table.Td>
                  <Table.Td>
                    <RepaymentField row={row} run={run} />
                    <DueNote row={row.reviewed} />
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
                    <HeldNote row={row.reviewed} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <ReviewedRepayment row={row} run={run} />
                    <DueNote row={row.reviewed} />
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
              <RefInput row={row} run={run} isLabelShown />
              <Group grow gap="xs" preventGrowOverflow={false} align="flex-start">
                <AmountField row={row} run={run} isLabelShown />
                <TypeField row={row} run={run} isLabelShown />
              </Group>
              <HeldNote row={row.reviewed} />
              <RepaymentField row={row} run={run} isLabelShown />
              <DueNote row={row.reviewed} />
            </Stack>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                {row.reviewed.staffId ?? row.reviewed.ref} · {typeLabel(row.reviewed)}
              </Text>
              <HeldNote row={row.reviewed} />
              {hasLoanFigures(row.reviewed) && (
                <Group gap={6} mt={4} wrap="wrap">
                  <Text size="sm">
                    Loan repayment <ReviewedRepayment row={row} run={run} />
                  </Text>
                  <DueNote row={row.reviewed} />
                </Group>
              )}
            </>
          )}
          <Stack gap={4} mt="xs">
            <Status row={row} run={run} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A row that only repays a loan (its amount blank or ₦0) moves no savings: it has no amount or type to show. */
function isRepaymentOnly(row: ReviewedRow): boolean {
  return row.amountKobo === 0 && (row.loanRepaymentKobo ?? 0) > 0;
}

function hasLoanFigures(row: ReviewedRow): boolean {
  return row.loanRepaymentKobo !== 0 || (row.loanDueKobo ?? 0) > 0;
}

function typeLabel(row: ReviewedRow): string {
  if (isRepaymentOnly(row)) return '—';
  return ROW_TYPE_OPTIONS.find((option) => option.value === row.type)?.label ?? '—';
}

function ReviewedAmount({ row }: { row: ReviewedRow }) {
  return (
    <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {row.amountKobo === null ? row.amountText : isRepaymentOnly(row) ? '—' : formatNaira(row.amountKobo)}
    </Text>
  );
}

/** The repayment as judged: '—' for none, and as written when it could not be read. */
function ReviewedRepayment({ row, run }: FieldProps) {
  const kobo = row.reviewed.loanRepaymentKobo;
  return (
    <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {kobo === null ? (run.sentRow(row.reviewed.line)?.loanRepayment ?? '—') : kobo === 0 ? '—' : formatNaira(kobo)}
    </Text>
  );
}

/** What the member's loans have due on the value date, when the row repays something else. */
function DueNote({ row }: { row: ReviewedRow }) {
  const due = row.loanDueKobo ?? 0;
  if (due === 0 || due === row.loanRepaymentKobo) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      Due {formatNaira(due)}
    </Text>
  );
}

/** A withdrawal may take only what loans leave free of the balance: what they hold is named on the row. */
function HeldNote({ row }: { row: ReviewedRow }) {
  if (row.type !== 'withdrawal' || (row.heldKobo ?? 0) === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {formatNaira(row.heldKobo ?? 0)} held against loans
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
