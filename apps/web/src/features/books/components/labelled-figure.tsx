import { Text } from '@mantine/core';
import { formatNaira } from '@kobo/core';
import classes from './books.module.css';

/**
 * A figure where a phone has no column to head it: its label small above ("Debit", "Balance"),
 * the naira below, in the table's figures. `alignEnd` puts it at the right of its row.
 */
export function LabelledFigure({ label, kobo, alignEnd = false }: { label: string; kobo: number; alignEnd?: boolean }) {
  return (
    <div style={alignEnd ? { textAlign: 'right', marginLeft: 'auto' } : undefined}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className={classes.figure}>
        {formatNaira(kobo)}
      </Text>
    </div>
  );
}

/** The side a line moves, labelled: its credit when it has one, else its debit (a ₦0 line reads as a debit). */
export function SideFigure({ debitKobo, creditKobo, alignEnd = false }: { debitKobo: number; creditKobo: number; alignEnd?: boolean }) {
  return creditKobo === 0 ? <LabelledFigure label="Debit" kobo={debitKobo} alignEnd={alignEnd} /> : <LabelledFigure label="Credit" kobo={creditKobo} alignEnd={alignEnd} />;
}
