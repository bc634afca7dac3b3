import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { YearEndYear } from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS } from './year-end-labels.ts';

type Props = { year: YearEndYear; selectedId: string | null; onOpen: (id: string) => void };

/** The year's runs, newest first: a reversed one stays listed beside the run that replaced it. */
export function RunsList({ year, selectedId, onOpen }: Props) {
  if (year.runs.length === 0) return null;
  const runs = year.runs.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-end-runs">
      <Stack gap="xs">
        <Title order={2} size="h4" id="year-end-runs">
          Runs for {year.year}
        </Title>
        {runs.map((run) => (
          <Group key={run.id} justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs">
              <Badge color={RUN_STATUS_COLORS[run.status]} variant="light">
                {RUN_STATUS_LABELS[run.status]}
              </Badge>
              <Text size="sm">Proposed {formatDateTime(run.createdAt)}</Text>
            </Group>
            <Button size="compact-sm" variant={run.id === selectedId ? 'light' : 'subtle'} onClick={() => onOpen(run.id)} aria-current={run.id === selectedId ? 'true' : undefined} aria-label={`Open the run proposed ${formatDateTime(run.createdAt)}`}>
              Open
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
