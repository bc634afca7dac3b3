import { Badge } from '@mantine/core';
import { AUDIT_KIND_LABELS, type AuditKind } from '@kobo/core';

const COLORS: Record<string, string> = { user: 'blue', staff: 'teal', savings: 'green', category: 'violet', expense: 'orange' };

export function AuditKindBadge({ kind }: { kind: AuditKind }) {
  return (
    <Badge variant="light" color={COLORS[kind.split('.')[0] ?? ''] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {AUDIT_KIND_LABELS[kind]}
    </Badge>
  );
}
