import { Fragment, type ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatNaira, type LoanEntryView, type LoanKind } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import classes from '../../../components/figures.module.css';
import { entryLabel, entrySource, entrySplit, type EntryAudience } from './loan-entries.ts';

/** The pieces of one ledger entry, shared by the officers' table and the cards both audiences see. */

/** What the entry is, whether it was undone and what posted it (in words, not only colour), and a reversal's reason. */
export function EntryWhat({ entry, audience }: { entry: LoanEntryView; audience: EntryAudience }) {
  const source = entrySource(entry, audience);
  return (
    <Stack gap={2} miw={0}>
      <Group gap={4} wrap="wrap">
        <Text span size="sm" fw={600}>
          {entryLabel(entry)}
        </Text>
        {entry.reversedById && (
          <Badge variant="outline" color="gray" size="sm" style={{ flexShrink: 0 }}>
            Reversed
          </Badge>
        )}
        {source && (
          <Badge variant="light" color="blue" size="sm" style={{ flexShrink: 0 }}>
            {source}
          </Badge>
        )}
      </Group>
      {entry.reason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Reason: {entry.reason}
        </Text>
      )}
    </Stack>
  );
}

/** The amount, struck through once the entry was undone. */
export function EntryAmount({ entry }: { entry: LoanEntryView }) {
  return (
    <Text span fw={600} className={classes.figure} td={entry.reversedById ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatNaira(entry.amountKobo)}
    </Text>
  );
}

/** 'Fee ₦1,000.00 · Interest ₦1,200.00 · Principal ₦10,000.00' for a repayment; nothing for other entries. */
export function EntrySplit({ entry, kind }: { entry: LoanEntryView; kind?: LoanKind }) {
  const parts = entrySplit(entry, kind);
  if (parts.length === 0) return null;
  return (
    <Text size="sm" className={classes.figure}>
      {parts.map((part, index) => (
        <Fragment key={part.label}>
          {index > 0 && ' · '}
          {/* A part wraps whole, never between its name and its figure. */}
          <span style={{ whiteSpace: 'nowrap' }}>
            {part.label} {formatNaira(part.amountKobo)}
          </span>
        </Fragment>
      ))}
    </Text>
  );
}

/** Who recorded the entry and when (officers only): a table cell, where an address keeps to one line while it fits. */
export function EntryRecorded({ entry }: { entry: LoanEntryView }) {
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {entry.createdByEmail}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(entry.createdAt)}
      </Text>
    </>
  );
}

type CardsProps = {
  /** Newest first. */
  entries: LoanEntryView[];
  audience: EntryAudience;
  label: string;
  /** An officer's action on one entry (Reverse), or nothing. */
  actionFor?: (entry: LoanEntryView) => ReactNode;
  /** Issue 33: the loan's kind names its charge (markup, fee). */
  kind?: LoanKind;
};

/** The ledger as a list of cards: a phone's History, and the holder's at every width. */
export function LoanEntryCards({ entries, audience, label, actionFor, kind }: CardsProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {entries.map((entry) => {
        const action = actionFor?.(entry);
        return (
          <Paper key={entry.id} component="li" withBorder radius="sm" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <EntryWhat entry={entry} audience={audience} />
              <EntryAmount entry={entry} />
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {formatCalendarDate(entry.valueDate)}
            </Text>
            <EntrySplit entry={entry} kind={kind} />
            {audience === 'officer' && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Recorded by {entry.createdByEmail}, {formatDateTime(entry.createdAt)}
              </Text>
            )}
            {action && (
              <Group justify="flex-end" mt={4}>
                {action}
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
