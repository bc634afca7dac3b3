import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { formatNaira, ORDINARY_SAVINGS_PRODUCT_ID, type BatchReview, type ReviewedRow, type RunProductTotal } from '@kobo/core';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { AmountField, ProductField, RefInput, RepaymentField, TypeField, type FieldProps, type ShownRow } from './review-row-fields.tsx';
import { ROW_STATUS, ROW_TYPE_OPTIONS, rowName } from './run-labels.ts';
import type { RunReview } from './use-run-review.ts';

const ROWS_PER_PAGE = 50;

/**
 * Every reviewed row, refused ones first so they are never pages away, each with its reason on
 * the row. A refused row is fixed in place (staff ID or email, amount, loan repayment, type) or
 * dropped; a wide screen shows a table, a phone a card per row. Issue 12: each row's loan
 * repayment, with what is due beside it when the two differ, and what loans hold of a balance a
 * withdrawal draws on. Issue 29: a column per savings product (ordinary savings first) and the
 * loan repayment, each with its total over ready rows; on a phone each card lists them.
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
      {isWide ? <RowsTable rows={rows} run={run} review={review} /> : <RowCards rows={rows} run={run} review={review} />}
      {!isWide && review.products.length > 1 && <ColumnTotals review={review} />}
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

type RowsProps = { rows: ShownRow[]; run: RunReview; review: BatchReview };

/** The review's other products (ordinary savings is the row's amount). */
function otherProducts(review: BatchReview): RunProductTotal[] {
  return review.products.filter((product) => product.id !== ORDINARY_SAVINGS_PRODUCT_ID);
}

/** Ordinary savings' column heading: its product's name once other products share the table. */
function ordinaryHeading(review: BatchReview): string {
  return review.products.length > 1 ? (review.products.find((product) => product.id === ORDINARY_SAVINGS_PRODUCT_ID)?.name ?? 'Amount') : 'Amount';
}

/** A column's total over ready rows: deposits, less withdrawals when any. */
function columnTotal(product: Pick<RunProductTotal, 'depositKobo' | 'withdrawalKobo'>): string {
  return product.withdrawalKobo > 0 ? `${formatNaira(product.depositKobo)} in · ${formatNaira(product.withdrawalKobo)} out` : formatNaira(product.depositKobo);
}

function RowsTable({ rows, run, review }: RowsProps) {
  const others = otherProducts(review);
  const ordinary = review.products.find((product) => product.id === ORDINARY_SAVINGS_PRODUCT_ID);
  return (
    <Table.ScrollContainer minWidth={others.length > 0 ? 780 + others.length * 90 : 900}>
      <Table verticalSpacing="xs" aria-label="Reviewed rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{review.rows.some((row) => row.sourceRow !== null) ? 'Row' : 'Line'}</Table.Th>
            <Table.Th>Staff ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">{ordinaryHeading(review)}</Table.Th>
            {others.map((product) => (
              <Table.Th key={product.id} ta="right">
                {product.name}
              </Table.Th>
            ))}
            <Table.Th ta="right">Loan repayment</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.reviewed.line} aria-label={rowName(row.reviewed)}>
              <Table.Td>{row.reviewed.sourceRow ?? row.reviewed.line}</Table.Td>
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
                  {others.map((product) => (
                    <Table.Td key={product.id}>
                      <ProductField row={row} run={run} productId={product.id} productName={product.name} />
                    </Table.Td>
                  ))}
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
                  {others.map((product) => (
                    <Table.Td key={product.id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <ReviewedCell row={row.reviewed} productId={product.id} />
                    </Table.Td>
                  ))}
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
        {review.products.length > 1 && (
          <Table.Tfoot>
            <Table.Tr aria-label="Totals">
              <Table.Th colSpan={3}>Totals (ready rows)</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {ordinary ? columnTotal(ordinary) : '—'}
              </Table.Th>
              {others.map((product) => (
                <Table.Th key={product.id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {columnTotal(product)}
                </Table.Th>
              ))}
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(review.loanRepaymentKobo)}
              </Table.Th>
              <Table.Th colSpan={2} />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone, the columns' totals as a list under the cards. */
function ColumnTotals({ review }: { review: BatchReview }) {
  const ordinaryName = ordinaryHeading(review);
  const lines = [
    ...review.products.map((product) => ({ label: product.id === ORDINARY_SAVINGS_PRODUCT_ID ? ordinaryName : product.name, value: columnTotal(product) })),
    { label: 'Loan repayment', value: formatNaira(review.loanRepaymentKobo) },
  ];
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Totals">
      <Text size="sm" fw={600} mb={4}>
        Totals (ready rows)
      </Text>
      <Stack gap={2} component="dl" m={0}>
        {lines.map((line) => (
          <Group key={line.label} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" component="dt">
              {line.label}
            </Text>
            <Text size="sm" fw={600} component="dd" m={0} style={{ whiteSpace: 'nowrap' }}>
              {line.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** On a phone card beside other products: all the row's savings together, each listed below. */
function RowSavings({ row }: { row: ReviewedRow }) {
  const kobo = (row.amountKobo ?? 0) + row.cells.reduce((sum, cell) => sum + (cell.amountKobo ?? 0), 0);
  return (
    <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {formatNaira(kobo)}
    </Text>
  );
}

/** A product cell as judged: '—' for none, and as written when it could not be read. */
function ReviewedCell({ row, productId }: { row: ReviewedRow; productId: string }) {
  const cell = row.cells.find((entry) => entry.productId === productId);
  return (
    <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {!cell ? '—' : cell.amountKobo === null ? cell.amountText : cell.amountKobo === 0 ? '—' : formatNaira(cell.amountKobo)}
    </Text>
  );
}

function RowCards({ rows, run, review }: RowsProps) {
  const others = otherProducts(review);
  const ordinaryName = ordinaryHeading(review);
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviewed rows">
      {rows.map((row) => (
        <Paper key={row.reviewed.line} component="li" withBorder radius="sm" p="sm" aria-label={rowName(row.reviewed)}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {rowName(row.reviewed)}: {row.reviewed.name ?? row.reviewed.ref}
            </Text>
            {row.reviewed.status === 'ready' && (others.length > 0 ? <RowSavings row={row.reviewed} /> : <ReviewedAmount row={row.reviewed} />)}
          </Group>
          {row.reviewed.status === 'refused' && row.current ? (
            <Stack gap="xs" mt="xs">
              <RefInput row={row} run={run} isLabelShown />
              <Group grow gap="xs" preventGrowOverflow={false} align="flex-start">
                <AmountField row={row} run={run} isLabelShown />
                <TypeField row={row} run={run} isLabelShown />
              </Group>
              <HeldNote row={row.reviewed} />
              {others.map((product) => (
                <ProductField key={product.id} row={row} run={run} productId={product.id} productName={product.name} isLabelShown />
              ))}
              <RepaymentField row={row} run={run} isLabelShown />
              <DueNote row={row.reviewed} />
            </Stack>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                {row.reviewed.staffId ?? row.reviewed.ref} · {typeLabel(row.reviewed)}
              </Text>
              <HeldNote row={row.reviewed} />
              {others.length > 0 && (
                <Stack gap={0} mt={4}>
                  <Text size="sm">
                    {ordinaryName} <ReviewedAmount row={row.reviewed} />
                  </Text>
                  {others.map((product) => (
                    <Text key={product.id} size="sm">
                      {product.name} <ReviewedCell row={row.reviewed} productId={product.id} />
                    </Text>
                  ))}
                </Stack>
              )}
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
  return row.amountKobo === 0 && (row.loanRepaymentKobo ?? 0) > 0 && !movesOtherProducts(row);
}

/** Issue 29: a row putting money in another product may leave ordinary savings at ₦0. */
function movesOtherProducts(row: ReviewedRow): boolean {
  return row.cells.some((cell) => (cell.amountKobo ?? 0) > 0);
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
      {row.amountKobo === null ? row.amountText : isRepaymentOnly(row) || (row.amountKobo === 0 && movesOtherProducts(row)) ? '—' : formatNaira(row.amountKobo)}
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
            Drop {rowName(row.reviewed).toLowerCase()}
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
