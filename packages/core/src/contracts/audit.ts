import type { AuditKind, AuditTargetType, AuditValues } from '../audit.ts';

/** What the audit API answers (docs/decisions/011-people-and-audit.md). */
export type AuditEntryView = {
  id: string;
  at: string;
  kind: AuditKind;
  /** As they were when they acted: the record keeps its name and email after they leave. */
  actor: { id: string; name: string; email: string };
  target: { type: AuditTargetType; id: string | null; label: string };
  before: AuditValues | null;
  after: AuditValues | null;
};

export type AuditPage = { entries: AuditEntryView[]; nextCursor: string | null };
