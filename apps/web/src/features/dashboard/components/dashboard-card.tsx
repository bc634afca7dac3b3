import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** One of the dashboard's cards: a titled region, so it can be found by its title. */
export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} h="100%">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
