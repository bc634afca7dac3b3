import { Button, Grid, Select, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { AUDIT_KINDS, AUDIT_KIND_LABELS, can, type AuditKind } from '@kobo/core';
import { useSession } from '../../../lib/auth/session.ts';
import { PersonSelect, type Person } from './person-select.tsx';

export type AuditFilterValues = { person: Person | null; kind: AuditKind | null; from: string; to: string };

const KIND_OPTIONS = AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }));

function isAuditKind(value: string | null): value is AuditKind {
  return value !== null && (AUDIT_KINDS as readonly string[]).includes(value);
}

/**
 * The audit log's filters: person, kind and a range of days (both inclusive). The person's choices
 * come from the people list, which only whoever manages users may read: the auditor (issue 27)
 * filters by kind and days.
 */
export function AuditFilters({ values, onChange }: { values: AuditFilterValues; onChange: (change: Partial<AuditFilterValues>) => void }) {
  const canPickPerson = can(useSession().data?.role, 'manage_users');
  const isFiltered = values.person !== null || values.kind !== null || values.from !== '' || values.to !== '';
  return (
    <Grid gap="sm" align="flex-end">
      {canPickPerson && (
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <PersonSelect value={values.person} onChange={(person) => onChange({ person })} />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: canPickPerson ? 6 : 12, md: canPickPerson ? 3 : 6 }}>
        <Select
          label="Kind"
          data={[{ value: 'all', label: 'Every kind' }, ...KIND_OPTIONS]}
          value={values.kind ?? 'all'}
          allowDeselect={false}
          onChange={(kind) => onChange({ kind: isAuditKind(kind) ? kind : null })}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <TextInput label="From" type="date" value={values.from} onChange={(event) => onChange({ from: event.currentTarget.value })} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <TextInput label="To" type="date" value={values.to} onChange={(event) => onChange({ to: event.currentTarget.value })} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 2 }}>
        <Button fullWidth variant="default" disabled={!isFiltered} onClick={() => onChange({ person: null, kind: null, from: '', to: '' })}>
          Clear filters
        </Button>
      </Grid.Col>
    </Grid>
  );
}
