import { BOOK_LABELS, type ManualEntry, type ManualEntryResult } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { readApprovalSettings } from '../savings/requests/approval-settings.ts';
import { assertMonthOpen, insertEntry, readEntryView, usableAccounts } from '../ledger/journal-writes.ts';
import { recordEntryRequest } from './request-manual-entry.ts';

/**
 * POST /api/books/entries (issue 27): a balanced entry an admin writes by hand (bank charges, a
 * correction), on live accounts of its book other than the control accounts; valued today or
 * earlier, not before the books' start, not in a locked month. When two-person approval is on
 * (Settings › Savings approvals has a threshold), every manual entry waits for a second admin
 * (202): the journal has no amount below which an entry is harmless.
 */
export async function postOrRequestManualEntry(
  deps: SavingsDeps,
  actor: Actor,
  input: ManualEntry,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<ManualEntryResult>> {
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  const checked = { ...input, valueDate };
  await usableAccounts(deps.db, input.book, input.lines);
  await assertMonthOpen(deps.db, input.book, valueDate);
  const { twoPersonThresholdKobo } = await readApprovalSettings(deps.db);
  if (twoPersonThresholdKobo !== null) {
    return postIdempotently(deps.db, key, async (tx) => ({ request: await recordEntryRequest(tx, deps, actor, checked) }), 202);
  }
  return postIdempotently(deps.db, key, async (tx) => ({ entry: await postManualEntry(tx, deps, actor, checked) }));
}

/** Writes the entry and its audit entry in the caller's transaction; `maker` is who asked for it. */
export async function postManualEntry(tx: Transaction, deps: SavingsDeps, actor: Actor, input: ManualEntry, maker: { id: string } = actor) {
  await usableAccounts(tx, input.book, input.lines);
  const entryId = await insertEntry(tx, { ...input, sourceType: 'manual', createdById: maker.id });
  const entry = await readEntryView(tx, entryId);
  if (!entry) throw new Error('manual entry not found after posting');
  await recordAudit(tx, {
    kind: 'books.manual_entry_posted',
    actor,
    target: { type: 'journal_entry', id: entryId, label: `${BOOK_LABELS[input.book]}: ${input.narration}` },
    people: [maker.id],
    after: { book: input.book, valueDate: input.valueDate, narration: input.narration, lines: input.lines, makerId: maker.id },
    at: deps.now(),
  });
  return entry;
}
