import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { EntryLine, EntryRequestStatus, EntryRequestView, EntryRequestsView } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { journalEntryRequests, users } from '../../db/schema.ts';
import { lineViews } from '../ledger/journal-writes.ts';

type Db = Database | Transaction;

/** GET /api/books/entry-requests?status= : pending ones oldest first (the queue), decided ones newest first. */
export async function listEntryRequests(db: Db, status: EntryRequestStatus = 'pending'): Promise<EntryRequestsView> {
  const order = status === 'pending' ? asc(journalEntryRequests.seq) : desc(journalEntryRequests.seq);
  return { requests: await selectRequests(db, eq(journalEntryRequests.status, status), order) };
}

export async function readEntryRequest(db: Db, id: string): Promise<EntryRequestView | null> {
  const [request] = await selectRequests(db, eq(journalEntryRequests.id, id), asc(journalEntryRequests.seq));
  return request ?? null;
}

async function selectRequests(db: Db, where: SQL, order: SQL): Promise<EntryRequestView[]> {
  const rows = await db
    .select({ request: journalEntryRequests, requestedByName: users.name })
    .from(journalEntryRequests)
    .leftJoin(users, eq(users.id, journalEntryRequests.requestedById))
    .where(where)
    .orderBy(order)
    .limit(200);
  return Promise.all(
    rows.map(async ({ request, requestedByName }) => ({
      id: request.id,
      book: request.book,
      valueDate: request.valueDate,
      narration: request.narration,
      lines: await lineViews(db, request.lines as EntryLine[]),
      status: request.status,
      requestedById: request.requestedById,
      requestedByName,
      requestedAt: request.requestedAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
      declineReason: request.declineReason,
      entryId: request.entryId,
    })),
  );
}
