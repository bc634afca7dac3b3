import { formatNaira, SAVINGS_REQUEST_TYPE_LABELS, type AuditKind, type AuditValues } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import type { Transaction } from '../../../db/client.ts';
import type { savingsRequests } from '../../../db/schema.ts';
import { recordAudit } from '../../audit/record-audit.ts';

type RequestRow = Pick<typeof savingsRequests.$inferSelect, 'id' | 'type' | 'amountKobo' | 'userId' | 'toUserId' | 'origin'>;

/** One audit entry per act on a request (issue 15): 'Withdrawal of ₦60,000.00 (two_person)'. */
export async function auditRequest(
  tx: Transaction,
  entry: { kind: AuditKind; actor: Actor; request: RequestRow; before: AuditValues | null; after: AuditValues; at: Date },
): Promise<void> {
  const { request } = entry;
  await recordAudit(tx, {
    kind: entry.kind,
    actor: entry.actor,
    target: { type: 'savings_request', id: request.id, label: `${SAVINGS_REQUEST_TYPE_LABELS[request.type]} of ${formatNaira(request.amountKobo)}` },
    people: [request.userId, request.toUserId],
    before: entry.before,
    after: { origin: request.origin, ...entry.after },
    at: entry.at,
  });
}
