import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import { formatNaira } from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import classes from '../../../components/figures.module.css';
import { heldPhrases } from './holds.ts';

type Props = {
  balanceKobo: number;
  /** What is held of the balance (loans' liens, requests awaiting approval); 0 when none. */
  heldKobo: number;
  /** The part of heldKobo that withdrawals awaiting approval hold (issue 15). */
  pendingKobo: number;
  /** What a withdrawal may take, as the server worked it out. */
  availableKobo: number;
  lastUpdated: string;
  children?: ReactNode;
};

/**
 * The current balance, large, with what of it is free to withdraw when some is held (and why: loans,
 * or withdrawals awaiting approval), and when it last changed.
 */
export function BalanceCard({ balanceKobo, heldKobo, pendingKobo, availableKobo, lastUpdated, children }: Props) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Current Balance">
      {children}
      <Text size="sm" c="dimmed" fw={500}>
        Current Balance
      </Text>
      <Text fz={{ base: 28, sm: 34 }} fw={700} lh={1.2} className={classes.figure}>
        {formatNaira(balanceKobo)}
      </Text>
      {heldKobo > 0 && (
        <Text size="sm" mt={4} className={classes.figure}>
          Available <strong>{formatNaira(availableKobo)}</strong> · {heldPhrases({ heldKobo, pendingKobo }).join(' · ')}
        </Text>
      )}
      <Text size="sm" c="dimmed" mt={4}>
        Last updated {formatDateTime(lastUpdated)}
      </Text>
    </Paper>
  );
}
