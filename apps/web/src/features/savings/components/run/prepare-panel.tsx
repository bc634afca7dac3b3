import { useState } from 'react';
import { Button, Checkbox, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { FaSearch } from 'react-icons/fa';
import { MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID, formatNaira, koboToNairaString, parseNaira, type BatchRowInput, type RunCandidate, type RunProduct } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFlashMessage } from '../../../../lib/use-flash-message.ts';
import { useSaveContributions } from '../../api/save-contributions.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import type { RunSettings } from './use-run-settings.ts';

const ROWS_PER_PAGE = 25;

/**
 * One holder's line as the admin left it: the contribution and the loan repayment as typed, and
 * whether they sit this month out.
 */
type Line = { amount: string | number; repayment: string | number; isSkipped: boolean; products: Record<string, string | number> };

function standingLine(candidate: RunCandidate): Line {
  const kobo = candidate.monthlyContributionKobo;
  const dueKobo = candidate.loanDueKobo;
  // Issue 29: each other product's amount this month (shares: only until the minimum is reached).
  const products = Object.fromEntries(candidate.products.map((entry) => [entry.productId, entry.amountKobo > 0 ? koboToNairaString(entry.amountKobo) : '']));
  const productsKobo = candidate.products.reduce((sum, entry) => sum + entry.amountKobo, 0);
  return {
    amount: kobo > 0 ? koboToNairaString(kobo) : '',
    repayment: dueKobo > 0 ? koboToNairaString(dueKobo) : '',
    // Someone with neither a standing amount nor an instalment due starts skipped: a row of ₦0
    // could only be refused. A repayment alone is a row of its own (no contribution this month).
    isSkipped: kobo === 0 && dueKobo === 0 && productsKobo === 0,
    products,
  };
}

/** All the savings a line puts in, every product's together. */
function savingsKobo(line: Line): number {
  return koboOf(line.amount) + Object.values(line.products).reduce<number>((sum, value) => sum + koboOf(value), 0);
}

/** A typed figure in kobo, blank or unreadable counting as nothing (the review names what is unreadable). */
function koboOf(value: string | number): number {
  return parseNaira(value) ?? 0;
}

/** What the row sends: blank stays blank (the review reads blank as none). */
function typed(value: string | number): string {
  return String(value).trim();
}

function matches(candidate: RunCandidate, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [candidate.name, candidate.staffId ?? '', candidate.email].some((text) => text.toLowerCase().includes(needle));
}

type Props = {
  settings: RunSettings;
  isReviewing: boolean;
  /** Why the last Review press failed, said here, where it was pressed. */
  reviewError: string | null;
  onReview: (rows: BatchRowInput[]) => void;
};

/**
 * Prepare (issue 11): every active holder with their staff ID, name and standing amount, each
 * editable, included or left out (issue 34: with why), searchable by name or staff ID. The edited amounts can be kept as the
 * standing contributions for the months after. Issue 12: beside each contribution, the loan
 * repayment, starting on what the member's loans have due on the run's value date.
 */
export function PreparePanel({ settings, isReviewing, reviewError, onReview }: Props) {
  const { preparation } = settings;
  const candidates = preparation.data?.candidates ?? [];
  const others = (preparation.data?.products ?? []).filter((product) => product.id !== ORDINARY_SAVINGS_PRODUCT_ID);
  const ordinaryName = others.length > 0 ? (preparation.data?.products.find((product) => product.id === ORDINARY_SAVINGS_PRODUCT_ID)?.name ?? 'Amount') : 'Amount';
  const [edits, setEdits] = useState<Record<string, Line>>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveContributions();
  const flash = useFlashMessage();
  const isWide = useIsWideScreen();

  const lineOf = (candidate: RunCandidate) => edits[candidate.userId] ?? standingLine(candidate);
  const included = candidates.filter((candidate) => !lineOf(candidate).isSkipped);
  const includedKobo = included.reduce((sum, candidate) => sum + savingsKobo(lineOf(candidate)), 0);
  const repaymentKobo = included.reduce((sum, candidate) => sum + koboOf(lineOf(candidate).repayment), 0);
  const changedAmounts = candidates.filter((candidate) => {
    const edit = edits[candidate.userId];
    return edit && (parseNaira(edit.amount === '' ? '0' : edit.amount) ?? -1) !== candidate.monthlyContributionKobo;
  });
  const shown = candidates.filter((candidate) => matches(candidate, search));
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const pageRows = shown.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);

  function change(candidate: RunCandidate, patch: Partial<Line>) {
    setEdits((all) => {
      const next = { ...(all[candidate.userId] ?? standingLine(candidate)), ...patch };
      // Typing an amount or a repayment for someone skipped includes them: that is why it was typed.
      const typedKobo = koboOf(patch.amount ?? '') + koboOf(patch.repayment ?? '') + Object.values(patch.products ?? {}).reduce<number>((sum, value) => sum + koboOf(value), 0);
      if (!('isSkipped' in patch) && typedKobo > 0) next.isSkipped = false;
      return { ...all, [candidate.userId]: next };
    });
  }

  function handleSave() {
    if (save.isPending || changedAmounts.length === 0) return;
    setError(null);
    const contributions = changedAmounts.map((candidate) => ({ userId: candidate.userId, amount: String(lineOf(candidate).amount).trim() || '0' }));
    save.mutate(contributions, {
      onSuccess: () => flash.show(MESSAGES.contributionSaved),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.serverError)),
    });
  }

  function handleReview() {
    setError(null);
    if (included.length === 0) return setError(MESSAGES.runNothingIncluded);
    onReview(
      included.map((candidate) => {
        const line = lineOf(candidate);
        const products = Object.fromEntries(Object.entries(line.products).flatMap(([productId, value]) => (typed(value) ? [[productId, typed(value)]] : [])));
        return { ref: candidate.staffId ?? candidate.email, amount: typed(line.amount), loanRepayment: typed(line.repayment) || null, products };
      }),
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Staff in this run">
      <Title order={2} size="h4" mb="sm">
        Staff in this run
      </Title>
      <Stack gap="sm">
        <TextInput
          label="Search staff"
          placeholder="Name or staff ID"
          type="search"
          leftSection={<FaSearch aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <ErrorBanner message={error ?? (preparation.isError ? errorMessage(preparation.error, MESSAGES.loadStaffListFailed) : null)} />
        <SuccessBanner message={flash.message} />
        {preparation.isPending ? (
          <Text c="dimmed">{MESSAGES.loading}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{MESSAGES.noStaffFound}</Text>
        ) : (
          <Table.ScrollContainer minWidth={isWide ? 700 + others.length * 180 : 0}>
            <Table verticalSpacing="xs" striped aria-label="Staff and amounts">
              <Table.Thead>
                <Table.Tr>
                  {/* Issue 34: ticked = in the run ('Skip' was a double negative). */}
                  <Table.Th w={isWide ? 64 : 40}>Include</Table.Th>
                  {isWide && <Table.Th>Staff ID</Table.Th>}
                  <Table.Th>{isWide ? 'Name' : 'Staff member'}</Table.Th>
                  {isWide && <Table.Th ta="right">Balance</Table.Th>}
                  {isWide ? (
                    <>
                      <Table.Th w={180}>{ordinaryName} (₦)</Table.Th>
                      {others.map((product) => (
                        <Table.Th key={product.id} w={180}>
                          {product.name} (₦)
                        </Table.Th>
                      ))}
                      <Table.Th w={180}>Loan repayment (₦)</Table.Th>
                    </>
                  ) : (
                    <Table.Th w={128}>Amount (₦)</Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pageRows.map((candidate) => (
                  <CandidateRow
                    key={candidate.userId}
                    candidate={candidate}
                    line={lineOf(candidate)}
                    isWide={isWide}
                    ordinaryName={ordinaryName}
                    others={others}
                    onChange={(patch) => change(candidate, patch)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pageCount > 1 && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {shown.length} people
            </Text>
            <Pagination total={pageCount} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} />
          </Group>
        )}
        <Text size="sm" aria-live="polite">
          {included.length} of {candidates.length} included · {formatNaira(includedKobo)}
          {repaymentKobo > 0 && ` · Loan repayments ${formatNaira(repaymentKobo)}`}
        </Text>
        <ErrorBanner message={reviewError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleSave} loading={save.isPending} disabled={changedAmounts.length === 0}>
            Save as standing contributions
          </Button>
          <Button onClick={handleReview} loading={isReviewing} disabled={preparation.isPending}>
            Review
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type RowProps = {
  candidate: RunCandidate;
  line: Line;
  isWide: boolean;
  /** Ordinary savings' caption on a phone: 'Amount' alone, its product's name beside others. */
  ordinaryName: string;
  /** Issue 29: the run's other savings products, a field each. */
  others: RunProduct[];
  onChange: (patch: Partial<Line>) => void;
};

function CandidateRow({ candidate, line, isWide, ordinaryName, others, onChange }: RowProps) {
  const who = candidate.staffId ? `${candidate.name} (${candidate.staffId})` : candidate.name;
  const amount = <AmountInput label={`Amount for ${who}`} isLabelHidden value={line.amount} onChange={(next) => onChange({ amount: next })} />;
  const productField = (product: RunProduct) => (
    <AmountInput
      label={`${product.name} for ${who}`}
      isLabelHidden
      value={line.products[product.id] ?? ''}
      onChange={(next) => onChange({ products: { ...line.products, [product.id]: next } })}
    />
  );
  const repayment = (
    <AmountInput label={`Loan repayment for ${who}`} isLabelHidden value={line.repayment} onChange={(next) => onChange({ repayment: next })} />
  );
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox aria-label={`Include ${who}`} checked={!line.isSkipped} onChange={(event) => onChange({ isSkipped: !event.currentTarget.checked })} />
      </Table.Td>
      {isWide && <Table.Td style={{ whiteSpace: 'nowrap' }}>{candidate.staffId ?? '—'}</Table.Td>}
      <Table.Td>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} c={line.isSkipped ? 'dimmed' : undefined}>
          {candidate.name}
        </Text>
        {!isWide && candidate.staffId && (
          <Text size="xs" c="dimmed">
            {candidate.staffId}
          </Text>
        )}
        <LeftOutNote candidate={candidate} line={line} />
      </Table.Td>
      {isWide ? (
        <>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatNaira(candidate.balanceKobo)}
          </Table.Td>
          <Table.Td>{amount}</Table.Td>
          {others.map((product) => (
            <Table.Td key={product.id}>{productField(product)}</Table.Td>
          ))}
          <Table.Td>
            {repayment}
            <DueNote candidate={candidate} line={line} />
          </Table.Td>
        </>
      ) : (
        // Issue 34: a phone row is one or two lines: the amount beside the name, and the loan
        // repayment (or another product's amount) only for someone who has one.
        <Table.Td>
          <Stack gap={4}>
            {others.length > 0 && (
              <Text size="xs" c="dimmed" aria-hidden>
                {ordinaryName}
              </Text>
            )}
            {amount}
            {others.map((product) => (
              <Stack key={product.id} gap={2}>
                <Text size="xs" c="dimmed" aria-hidden>
                  {product.name}
                </Text>
                {productField(product)}
              </Stack>
            ))}
            {(candidate.loanDueKobo > 0 || typed(line.repayment) !== '') && (
              <Stack gap={2}>
                <Text size="xs" c="dimmed" aria-hidden>
                  Loan repayment
                </Text>
                {repayment}
                <DueNote candidate={candidate} line={line} />
              </Stack>
            )}
          </Stack>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * Issue 34: why someone is not in the run, under their name. Someone with no standing amount starts
 * left out (a row of ₦0 could only be refused); without a staff ID they are not on payroll's list
 * either, so the run reaches them by email only when ticked.
 */
function LeftOutNote({ candidate, line }: { candidate: RunCandidate; line: Line }) {
  if (!line.isSkipped) return null;
  const startsLeftOut = standingLine(candidate).isSkipped;
  const why = !startsLeftOut
    ? 'Left out this month'
    : candidate.staffId
      ? 'Left out: no standing amount and no repayment due'
      : 'Left out: no staff ID and no standing amount';
  return (
    <Text size="xs" c="dimmed">
      {why}
    </Text>
  );
}

/** What the member's loans have due, under the repayment once it no longer says the same. */
function DueNote({ candidate, line }: { candidate: RunCandidate; line: Line }) {
  if (candidate.loanDueKobo === 0 || parseNaira(line.repayment) === candidate.loanDueKobo) return null;
  return (
    <Text size="xs" c="dimmed" mt={2}>
      Due {formatNaira(candidate.loanDueKobo)}
    </Text>
  );
}
