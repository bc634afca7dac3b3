import { z } from 'zod';
import { AUDIT_KINDS, AUDIT_TARGET_TYPES } from '../audit.ts';
import { timestampSchema } from '../schemas/answer-parts.ts';

/** A row as it was before or after the act: plain JSON values (null when it did not exist). */
const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

/** What the audit API answers (docs/decisions/011-people-and-audit.md). */
export const auditEntryViewSchema = z.object({
  id: z.string(),
  at: timestampSchema,
  kind: z.enum(AUDIT_KINDS),
  /** As they were when they acted: the record keeps its name and email after they leave. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable(), label: z.string() }),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntryViewSchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
