import { SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode };

/**
 * Labelled facts as a description list in a grid (a staff member's summary, a batch, a review's
 * totals): the label dimmed above, the value below, long values wrapping anywhere.
 */
export function FactList({ facts, ...grid }: { facts: Fact[] } & Omit<SimpleGridProps, 'children'>) {
  return (
    <SimpleGrid spacing="sm" component="dl" {...grid}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <Text component="dt" size="sm" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {fact.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
