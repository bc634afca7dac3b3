import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/** A titled card that names itself to assistive technology (and to the browser tests) by its title. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
