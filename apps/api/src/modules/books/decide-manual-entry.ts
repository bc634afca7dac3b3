import { eq } from 'drizzle-orm';
import { AppError, BOOK_LABELS, isUuid, type EntryLine, type EntryRequestView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { journalEntryRequests } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readEntryRequest } from './list-entry-requests.ts';
import { postManualEntry } from './post-manual-entry.ts';

type LockedEntryRequest = typeof journalEntryRequests.$inferSelect;

/**
 * Another admin approves a pending manual entry: its row is locked (of two approvals at once one
 * posts), it must still be pending, and its maker cannot approve it. The entry is posted as asked
 * (its accounts and month checked again: a retired account or a month locked meanwhile refuses
 * it, and the request stays pending).
 */
export async function approveEntryRequest(deps: SavingsDeps, actor: Actor, id: string): Promise<EntryRequestView> {
  await deps.db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    if (request.requestedById === actor.id) throw new AppError('OWN_ENTRY_REQUEST');
    const entry = await postManualEntry(
      tx,
      deps,
      actor,
      { book: request.book, valueDate: request.valueDate, narration: request.narration, lines: request.lines as EntryLine[] },
      { id: request.requestedById },
    );
    await tx
      .update(journalEntryRequests)
      .set({ status: 'approved', decidedById: actor.id, decidedAt: deps.now(), entryId: entry.id })
      .where(eq(journalEntryRequests.id, id));
    await audit(tx, deps, actor, request, 'books.entry_request_approved', { status: 'approved', entryId: entry.id });
  });
  return readDecided(deps, id);
}

/** Declines a pending manual entry with a reason; nothing is posted. */
export async function declineEntryRequest(deps: SavingsDeps, actor: Actor, id: string, reason: string): Promise<EntryRequestView> {
  await deps.db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    await tx
      .update(journalEntryRequests)
      .set({ status: 'declined', decidedById: actor.id, decidedAt: deps.now(), declineReason: reason })
      .where(eq(journalEntryRequests.id, id));
    await audit(tx, deps, actor, request, 'books.entry_request_declined', { status: 'declined', reason });
  });
  return readDecided(deps, id);
}

async function lockPending(tx: Transaction, id: string): Promise<LockedEntryRequest> {
  if (!isUuid(id)) throw new AppError('ENTRY_REQUEST_NOT_FOUND');
  const [request] = await tx.select().from(journalEntryRequests).where(eq(journalEntryRequests.id, id)).for('update');
  if (!request) throw new AppError('ENTRY_REQUEST_NOT_FOUND');
  if (request.status !== 'pending') throw new AppError('ENTRY_REQUEST_DECIDED');
  return request;
}

async function audit(
  tx: Transaction,
  deps: SavingsDeps,
  actor: Actor,
  request: LockedEntryRequest,
  kind: 'books.entry_request_approved' | 'books.entry_request_declined',
  after: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    kind,
    actor,
    target: { type: 'journal_entry_request', id: request.id, label: `${BOOK_LABELS[request.book]}: ${request.narration}` },
    people: [request.requestedById],
    before: { status: 'pending' },
    after: { ...after, makerId: request.requestedById },
    at: deps.now(),
  });
}

async function readDecided(deps: SavingsDeps, id: string): Promise<EntryRequestView> {
  const request = await readEntryRequest(deps.db, id);
  if (!request) throw new AppError('ENTRY_REQUEST_NOT_FOUND');
  return request;
}
