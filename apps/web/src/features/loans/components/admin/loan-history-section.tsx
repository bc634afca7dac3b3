import { useState, type ReactNode } from 'react';
import { Button, Table, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MESSAGES, formatNaira, type LoanEntryView, type LoanKind, type LoanView } from '@kobo/core';
import { formatCalendarDate } from '../../../../lib/format-calendar-date.ts';
import { useIsWideScreen } from '../../../../lib/use-screen-size.ts';
import { entryLabel, isReversibleEntry, newestFirst } from '../loan-entries.ts';
import { EntryAmount, EntryRecorded, EntrySplit, EntryWhat, LoanEntryCards } from '../loan-entry-parts.tsx';
import { ReverseEntryModal } from './reverse-entry-modal.tsx';
import { Section } from './section.tsx';

type Props = {
  loan: LoanView;
  entries: LoanEntryView[];
  /** False for a reader who reverses nothing (the auditor, issue 27). */
  canManage: boolean;
  /** A reversal posted: its success sentence, core's. */
  onDone: (message: string) => void;
  /** A reversal opened: the last success sentence no longer applies. */
  onStart: () => void;
};

/**
 * A disbursed loan's ledger, newest first (issue 12): value date, what, amount, a repayment's
 * split, and who recorded it when; a table on wide screens, cards on phones. Each repayment and
 * disbursement still standing may be reversed, except on a written-off loan, whose entries stay.
 */
export function LoanHistorySection({ loan, entries, canManage, onDone, onStart }: Props) {
  const isWide = useIsWideScreen();
  const [reversing, setReversing] = useState<LoanEntryView | null>(null);
  const rows = newestFirst(entries);
  const canReverse = canManage && loan.status !== 'written_off';

  function actionFor(entry: LoanEntryView) {
    if (!canReverse || !isReversibleEntry(entry)) return null;
    return (
      <ReverseButton
        entry={entry}
        onClick={() => {
          onStart();
          setReversing(entry);
        }}
      />
    );
  }

  function handleReversed() {
    setReversing(null);
    onDone(MESSAGES.loanEntryReversed);
  }

  return (
    <Section title="History">
      {isWide ? <HistoryTable rows={rows} actionFor={actionFor} hasActions={canReverse} kind={loan.kind} /> : <LoanEntryCards entries={rows} audience="officer" label="Ledger entries" actionFor={actionFor} kind={loan.kind} />}
      <ReverseEntryModal entry={reversing} kind={loan.kind} onClose={() => setReversing(null)} onReversed={handleReversed} />
    </Section>
  );
}

function HistoryTable({ rows, actionFor, hasActions, kind }: { rows: LoanEntryView[]; actionFor: (entry: LoanEntryView) => ReactNode; hasActions: boolean; kind: LoanKind }) {
  return (
    // Without actions nothing inside takes focus: the region does, so the arrow keys can scroll it on a phone.
    <Table.ScrollContainer
      minWidth={hasActions ? 820 : 720}
      scrollAreaProps={hasActions ? undefined : { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Ledger entries' } }}
    >
      <Table striped verticalSpacing="xs" fz="sm" aria-label="Ledger entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Value date</Table.Th>
            <Table.Th scope="col">Entry</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">Split</Table.Th>
            <Table.Th scope="col">Recorded</Table.Th>
            {hasActions && (
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(entry.valueDate)}</Table.Td>
              <Table.Td>
                <EntryWhat entry={entry} audience="officer" />
              </Table.Td>
              <Table.Td ta="right">
                <EntryAmount entry={entry} />
              </Table.Td>
              <Table.Td>{entry.allocation ? <EntrySplit entry={entry} kind={kind} /> : '—'}</Table.Td>
              <Table.Td>
                <EntryRecorded entry={entry} />
              </Table.Td>
              {hasActions && <Table.Td>{actionFor(entry)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Reverse', named for the entry it undoes, so a screen reader tells one row's button from the next. */
function ReverseButton({ entry, onClick }: { entry: LoanEntryView; onClick: () => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      onClick={onClick}
      aria-label={`Reverse ${entryLabel(entry).toLowerCase()} of ${formatNaira(entry.amountKobo)} valued ${formatCalendarDate(entry.valueDate)}`}
    >
      Reverse
    </Button>
  );
}
