import { useState } from 'react';
import { Button, Checkbox, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { FaSearch } from 'react-icons/fa';
import { MESSAGES, formatNaira, koboToNairaString, parseNaira, type BatchRowInput, type RunCandidate } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../../components/success-banner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFlashMessage } from '../../../../lib/use-flash-message.ts';
import { useSaveContributions } from '../../api/save-contributions.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import type { RunSettings } from './use-run-settings.ts';

const ROWS_PER_PAGE = 25;

/** One holder's line as the admin left it: the amount as typed, and whether they sit this month out. */
type Line = { amount: string | number; isSkipped: boolean };

function standingLine(candidate: RunCandidate): Line {
  const kobo = candidate.monthlyContributionKobo;
  // Someone with no standing amount starts skipped: a row of ₦0 could only be refused.
  return kobo > 0 ? { amount: koboToNairaString(kobo), isSkipped: false } : { amount: '', isSkipped: true };
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
 * editable or skippable, searchable by name or staff ID. The edited amounts can be kept as the
 * standing contributions for the months after.
 */
export function PreparePanel({ settings, isReviewing, reviewError, onReview }: Props) {
  const { preparation } = settings;
  const candidates = preparation.data?.candidates ?? [];
  const [edits, setEdits] = useState<Record<string, Line>>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveContributions();
  const flash = useFlashMessage();
  const isWide = useIsWideScreen();

  const lineOf = (candidate: RunCandidate) => edits[candidate.userId] ?? standingLine(candidate);
  const included = candidates.filter((candidate) => !lineOf(candidate).isSkipped);
  const includedKobo = included.reduce((sum, candidate) => sum + (parseNaira(lineOf(candidate).amount) ?? 0), 0);
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
      // Typing an amount for someone skipped includes them: that is why the amount was typed.
      if ('amount' in patch && !('isSkipped' in patch) && (parseNaira(patch.amount ?? '') ?? 0) > 0) next.isSkipped = false;
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
    onReview(included.map((candidate) => ({ ref: candidate.staffId ?? candidate.email, amount: String(lineOf(candidate).amount).trim() })));
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
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" striped aria-label="Staff and amounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>Skip</Table.Th>
                  {isWide && <Table.Th>Staff ID</Table.Th>}
                  <Table.Th>{isWide ? 'Name' : 'Staff member'}</Table.Th>
                  {isWide && <Table.Th ta="right">Balance</Table.Th>}
                  <Table.Th w={isWide ? 200 : 130}>Amount (₦)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pageRows.map((candidate) => (
                  <CandidateRow key={candidate.userId} candidate={candidate} line={lineOf(candidate)} isWide={isWide} onChange={(patch) => change(candidate, patch)} />
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

type RowProps = { candidate: RunCandidate; line: Line; isWide: boolean; onChange: (patch: Partial<Line>) => void };

function CandidateRow({ candidate, line, isWide, onChange }: RowProps) {
  const who = candidate.staffId ? `${candidate.name} (${candidate.staffId})` : candidate.name;
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox aria-label={`Skip ${who}`} checked={line.isSkipped} onChange={(event) => onChange({ isSkipped: event.currentTarget.checked })} />
      </Table.Td>
      {isWide && <Table.Td style={{ whiteSpace: 'nowrap' }}>{candidate.staffId ?? '—'}</Table.Td>}
      <Table.Td>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} c={line.isSkipped ? 'dimmed' : undefined}>
          {candidate.name}
        </Text>
        {!isWide && (
          <Text size="xs" c="dimmed">
            {candidate.staffId ?? candidate.email} · {formatNaira(candidate.balanceKobo)}
          </Text>
        )}
      </Table.Td>
      {isWide && (
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {formatNaira(candidate.balanceKobo)}
        </Table.Td>
      )}
      <Table.Td>
        <AmountInput label={`Amount for ${who}`} isLabelHidden value={line.amount} onChange={(amount) => onChange({ amount })} />
      </Table.Td>
    </Table.Tr>
  );
}
