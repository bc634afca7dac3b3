import { BOOK_LABELS, type EntryRequestView, type ManualEntry } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { journalEntryRequests } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readEntryRequest } from './list-entry-requests.ts';

/** Keeps a checked manual entry for a second admin (two-person approval on): nothing is posted yet. */
export async function recordEntryRequest(tx: Transaction, deps: SavingsDeps, actor: Actor, input: ManualEntry): Promise<EntryRequestView> {
  const [row] = await tx
    .insert(journalEntryRequests)
    .values({ book: input.book, valueDate: input.valueDate, narration: input.narration, lines: input.lines, requestedById: actor.id, requestedAt: deps.now() })
    .returning({ id: journalEntryRequests.id });
  if (!row) throw new Error('entry request not written');
  await recordAudit(tx, {
    kind: 'books.entry_request_created',
    actor,
    target: { type: 'journal_entry_request', id: row.id, label: `${BOOK_LABELS[input.book]}: ${input.narration}` },
    after: { book: input.book, valueDate: input.valueDate, narration: input.narration, lines: input.lines },
    at: deps.now(),
  });
  const request = await readEntryRequest(tx, row.id);
  if (!request) throw new Error('entry request not found after writing');
  return request;
}
