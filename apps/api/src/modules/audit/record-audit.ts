import type { AuditKind, AuditTargetType, AuditValues } from '@kobo/core';
import type { Transaction } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Who acted, as they were at that moment: the entry keeps the name and email after they leave. */
export type AuditActor = { id: string; name: string; email: string };

export type AuditRecord = {
  kind: AuditKind;
  actor: AuditActor;
  target: { type: AuditTargetType; id: string | null; label: string };
  /** The users the act concerns besides the actor; nulls (a deleted holder) are dropped. */
  people?: readonly (string | null | undefined)[];
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** The act's own timestamp where it has one (the injected clock); else the database's now(). */
  at?: Date;
};

/**
 * Writes one audit entry. Call it with the transaction that performs the act, so the entry exists
 * exactly when the act committed (issue 5). The table refuses UPDATE and DELETE (migration 0003).
 */
export async function recordAudit(tx: Transaction, entry: AuditRecord): Promise<void> {
  const people = [...new Set(entry.people?.filter((person): person is string => typeof person === 'string'))];
  await tx.insert(auditLog).values({
    kind: entry.kind,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorEmail: entry.actor.email,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    people,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}
