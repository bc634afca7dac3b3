import { Group, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES, formatNaira, type GeneralLedgerView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import type { LedgerLinesProps } from './ledger-table.tsx';
import { LabelledFigure, SideFigure } from './labelled-figure.tsx';
import { SourceLink } from './source-link.tsx';
import classes from './books.module.css';

/**
 * The ledger on a phone (issue 34: no sideways scrolling): a card per line, as the journal has,
 * with its day, narration and link, the amount it moved and the balance after it, between the
 * opening and the closing balance. The same region name as the table's, so both read alike.
 */
export function LedgerCards({ first, lines, closingKobo, isComplete }: LedgerLinesProps) {
  return (
    <Stack component="section" aria-label="Ledger lines" gap="sm">
      <BalanceBar label="Opening balance" kobo={first.openingKobo} />
      {lines.length === 0 && (
        <Text c="dimmed" size="sm">
          {MESSAGES.noLedgerLines}
        </Text>
      )}
      {lines.map((line, index) => (
        // One entry may post to this account on two lines (a transfer between two members).
        <LedgerLineCard key={`${line.entryId}-${index}`} line={line} />
      ))}
      {isComplete && <BalanceBar label="Closing balance" kobo={closingKobo} />}
    </Stack>
  );
}

function LedgerLineCard({ line }: { line: GeneralLedgerView['lines'][number] }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Entry ${line.seq}`} data-print-row>
      <Stack gap={4}>
        <Text fw={700} size="sm">
          <time dateTime={line.valueDate}>{formatCalendarDate(line.valueDate)}</time> · No. {line.seq}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line.narration}
        </Text>
        {line.subledgerName && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {line.subledgerName}
          </Text>
        )}
        <div>
          <SourceLink link={line.link} />
        </div>
        <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap" mt={4}>
          <SideFigure debitKobo={line.debitKobo} creditKobo={line.creditKobo} />
          <LabelledFigure label="Balance" kobo={line.balanceKobo} alignEnd />
        </Group>
      </Stack>
    </Paper>
  );
}

/** The opening or closing balance, set apart as the table's shaded and ruled rows are. */
function BalanceBar({ label, kobo }: { label: string; kobo: number }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" px="sm" py="xs" className={classes.balanceBar} data-print-row>
      <Text fw={700} size="sm">
        {label}
      </Text>
      <Text fw={700} size="sm" className={classes.figure}>
        {formatNaira(kobo)}
      </Text>
    </Group>
  );
}
