import { Stack, Text } from '@mantine/core';
import { formatNaira, type AuditValues } from '@kobo/core';

type Change = { label: string; before: string | null; after: string | null };

/** Nested values (a transfer's from/to) as flat paths: { from: { balanceKobo } } → 'from.balanceKobo'. */
function flatten(values: AuditValues | null, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(values ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of flatten(value as AuditValues, path)) flat.set(inner, innerValue);
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

/** Internal ids mean nothing to a reader; a staff ID does. */
function isShown(path: string): boolean {
  const last = path.split('.').at(-1) ?? path;
  return last === 'staffId' || !last.endsWith('Id');
}

// The database keeps keys in its own order; people read the important ones first.
const FIRST = ['name', 'email', 'role', 'active', 'staffId', 'type', 'amountKobo', 'balanceKobo', 'description'];

function rankOf(path: string): number {
  const rank = FIRST.indexOf(path.split('.').at(-1) ?? path);
  return rank === -1 ? FIRST.length : rank;
}

/** 'from.balanceKobo' → 'From balance'; 'staffId' → 'Staff ID'. */
export function labelOf(path: string): string {
  const words = path
    .split('.')
    .map((part) => part.replace(/Kobo$/, '').replace(/Id$/, 'ID').replace(/([a-z])([A-Z])/g, '$1 $2'))
    .join(' ')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function textOf(path: string, value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null || value === '') return '—';
  if (typeof value === 'number' && path.endsWith('Kobo')) return formatNaira(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** What changed: every value that differs, or every value of a record made or removed. */
export function changesOf(before: AuditValues | null, after: AuditValues | null): Change[] {
  const old = flatten(before);
  const now = flatten(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])].filter(isShown).toSorted((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b));
  const changes: Change[] = [];
  for (const path of paths) {
    const was = textOf(path, old.get(path));
    const is = textOf(path, now.get(path));
    if (before && after && was === is) continue;
    changes.push({ label: labelOf(path), before: before ? was : null, after: after ? is : null });
  }
  return changes;
}

export function AuditChanges({ before, after }: { before: AuditValues | null; after: AuditValues | null }) {
  const changes = changesOf(before, after);
  if (changes.length === 0) return <Text size="xs" c="dimmed">No changes</Text>;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {changes.map((change) => (
        <Text key={change.label} component="li" size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" fw={600}>
            {change.label}:
          </Text>{' '}
          {change.before !== null && change.after !== null ? (
            <>
              {change.before} <span aria-label="changed to">→</span> {change.after}
            </>
          ) : (
            (change.after ?? change.before)
          )}
        </Text>
      ))}
    </Stack>
  );
}
