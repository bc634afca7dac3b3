import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { asKobo, type SavingsRequestHolder, type SavingsRequestView } from '@kobo/core';
import type { Database, Transaction } from '../../../db/client.ts';
import { savingsRequests, users } from '../../../db/schema.ts';

const holder = alias(users, 'holder');
const recipient = alias(users, 'recipient');

type RequestRow = {
  request: typeof savingsRequests.$inferSelect;
  holder: { userId: string; name: string; staffId: string | null; email: string } | null;
  to: { userId: string; name: string; staffId: string | null; email: string } | null;
};

/**
 * Savings requests as the API shows them (issue 15), newest first, with their holder and
 * recipient as they are now (null once deleted). `before` is a page's cursor: the `seq` of the
 * last request on the page before.
 */
export async function readRequestViews(
  db: Database | Transaction,
  where: SQL | undefined,
  options: { limit?: number; before?: number } = {},
): Promise<{ seq: number; view: SavingsRequestView }[]> {
  const query = db
    .select({
      request: savingsRequests,
      holder: { userId: holder.id, name: holder.name, staffId: holder.staffId, email: holder.email },
      to: { userId: recipient.id, name: recipient.name, staffId: recipient.staffId, email: recipient.email },
    })
    .from(savingsRequests)
    .leftJoin(holder, eq(holder.id, savingsRequests.userId))
    .leftJoin(recipient, eq(recipient.id, savingsRequests.toUserId))
    .where(and(where, options.before === undefined ? undefined : lt(savingsRequests.seq, options.before)))
    .orderBy(desc(savingsRequests.seq));
  const rows: RequestRow[] = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(toRequestView);
}

/** One request's view; null when there is no such request. */
export async function readRequestView(db: Database | Transaction, id: string): Promise<SavingsRequestView | null> {
  const [row] = await readRequestViews(db, eq(savingsRequests.id, id));
  return row?.view ?? null;
}

function toRequestView({ request, holder: who, to }: RequestRow): { seq: number; view: SavingsRequestView } {
  const view: SavingsRequestView = {
    id: request.id,
    origin: request.origin,
    type: request.type,
    status: request.status,
    holder: toHolder(who),
    to: toHolder(to),
    amountKobo: asKobo(request.amountKobo),
    description: request.description,
    valueDate: request.valueDate,
    maker: { id: request.makerId, name: request.makerName, email: request.makerEmail },
    createdAt: request.createdAt.toISOString(),
    decidedBy:
      request.decidedById === null ? null : { id: request.decidedById, name: request.decidedByName ?? '', email: request.decidedByEmail ?? '' },
    decidedAt: request.decidedAt?.toISOString() ?? null,
    reason: request.reason,
    transactionId: request.transactionId,
  };
  return { seq: request.seq, view };
}

function toHolder(row: RequestRow['holder']): SavingsRequestHolder | null {
  return row && row.userId ? row : null;
}
