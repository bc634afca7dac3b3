import { useId, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** One of the forms under the profile card: a titled region, so each form is found by its name. */
export function ProfileSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
