import { Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { DataTable } from 'mantine-datatable';
import { MESSAGES, type AuditEntryView } from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { AuditChanges } from './audit-changes.tsx';
import { AuditKindBadge } from './audit-kind-badge.tsx';

const WIDE = '(min-width: 62em)';
const NARROW = '(max-width: 61.99em)';

function When({ at }: { at: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Text>
  );
}

function Who({ entry }: { entry: AuditEntryView }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={500}>
        {entry.actor.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {entry.actor.email}
      </Text>
    </Stack>
  );
}

/**
 * The audit log's entries: on a wide screen a column each for when, who, what, the target and
 * the changes; on a narrow one a single column with the same facts stacked, so nothing scrolls
 * sideways.
 */
export function AuditTable({ entries, isFetching }: { entries: AuditEntryView[]; isFetching: boolean }) {
  return (
    <DataTable<AuditEntryView>
      withTableBorder
      borderRadius="md"
      verticalAlign="top"
      minHeight={entries.length === 0 ? 180 : undefined}
      records={entries}
      fetching={isFetching}
      noRecordsText={MESSAGES.noAuditEntries}
      columns={[
        {
          accessor: 'summary',
          title: 'Entry',
          visibleMediaQuery: NARROW,
          render: (entry) => (
            <Stack gap={4} miw={0}>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <AuditKindBadge kind={entry.kind} />
                <When at={entry.at} />
              </Group>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {entry.target.label}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                by {entry.actor.name} ({entry.actor.email})
              </Text>
              <AuditChanges before={entry.before} after={entry.after} />
            </Stack>
          ),
        },
        { accessor: 'at', title: 'When', visibleMediaQuery: WIDE, render: (entry) => <When at={entry.at} /> },
        { accessor: 'actor', title: 'Who', visibleMediaQuery: WIDE, render: (entry) => <Who entry={entry} /> },
        { accessor: 'kind', title: 'What', visibleMediaQuery: WIDE, render: (entry) => <AuditKindBadge kind={entry.kind} /> },
        {
          accessor: 'target',
          title: 'Target',
          visibleMediaQuery: WIDE,
          render: (entry) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.target.label}
            </Text>
          ),
        },
        { accessor: 'changes', title: 'Changes', visibleMediaQuery: WIDE, render: (entry) => <AuditChanges before={entry.before} after={entry.after} /> },
      ]}
    />
  );
}
