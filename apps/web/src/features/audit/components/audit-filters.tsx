import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AUDIT_KINDS, AUDIT_KIND_LABELS, type AuditKind } from '@kobo/core';
import { PersonSelect, type Person } from './person-select.tsx';

export type AuditFilterValues = { person: Person | null; kind: AuditKind | null; from: string; to: string };

const KIND_OPTIONS = AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }));

function isAuditKind(value: string | null): value is AuditKind {
  return value !== null && (AUDIT_KINDS as readonly string[]).includes(value);
}

/** The audit log's filters: person, kind and a range of days (both inclusive). */
export function AuditFilters({ values, onChange }: { values: AuditFilterValues; onChange: (values: AuditFilterValues) => void }) {
  const isFiltered = values.person !== null || values.kind !== null || values.from !== '' || values.to !== '';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
      <PersonSelect value={values.person} onChange={(person) => onChange({ ...values, person })} />
      <Select
        label="Kind"
        placeholder="Every kind"
        data={KIND_OPTIONS}
        value={values.kind}
        onChange={(kind) => onChange({ ...values, kind: isAuditKind(kind) ? kind : null })}
        clearable
        clearButtonProps={{ 'aria-label': 'Show every kind' }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput label="From" type="date" value={values.from} onChange={(event) => onChange({ ...values, from: event.currentTarget.value })} />
      <TextInput label="To" type="date" value={values.to} onChange={(event) => onChange({ ...values, to: event.currentTarget.value })} />
      <Button variant="default" disabled={!isFiltered} onClick={() => onChange({ person: null, kind: null, from: '', to: '' })}>
        Clear filters
      </Button>
    </SimpleGrid>
  );
}
