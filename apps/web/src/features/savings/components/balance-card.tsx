import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import { formatNaira } from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import classes from './savings.module.css';

/** The current balance, large, with when it last changed. */
export function BalanceCard({ balanceKobo, lastUpdated, children }: { balanceKobo: number; lastUpdated: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Current Balance">
      {children}
      <Text size="sm" c="dimmed" fw={500}>
        Current Balance
      </Text>
      <Text fz={{ base: 28, sm: 34 }} fw={700} lh={1.2} className={classes.figure}>
        {formatNaira(balanceKobo)}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        Last updated {formatDateTime(lastUpdated)}
      </Text>
    </Paper>
  );
}
