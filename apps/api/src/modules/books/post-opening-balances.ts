import { and, eq, sql } from 'drizzle-orm';
import { AppError, BOOK_LABELS, type Book, type EntryLine, type IsoDate, type PostedEntryView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { journalEntries } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import { assertMonthOpen, insertEntry, readEntryView, usableAccounts } from '../ledger/journal-writes.ts';

export const OPENING_NARRATION = 'Opening balances';

/**
 * POST /api/books/opening (issue 27): what a book held when Kobo took it over, posted once per
 * book. The lines need not balance: the difference goes to the book's Opening balances account
 * (mapping 'scheme.opening' / 'organisation.opening'). Control accounts are refused: members'
 * opening savings come in through the legacy import, each under its member.
 */
export async function postOpeningBalances(
  deps: SavingsDeps,
  actor: Actor,
  input: { book: Book; valueDate: IsoDate; lines: EntryLine[] },
): Promise<PostedEntryView> {
  const valueDate = await resolvePostingValueDate(deps, actor, input.valueDate);
  await usableAccounts(deps.db, input.book, input.lines);
  await assertMonthOpen(deps.db, input.book, valueDate);
  const entryId = await deps.db.transaction(async (tx) => {
    // One opening per book, even for two admins at once: the second waits here, then finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`books-opening:${input.book}`}, 0))`);
    const [existing] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(and(eq(journalEntries.book, input.book), eq(journalEntries.sourceType, 'opening')));
    if (existing) throw new AppError('OPENING_ALREADY_POSTED');
    const [mapping] = await queryRows<{ account_id: string }>(tx, sql`select account_id from ledger_mappings where key = ${`${input.book}.opening`}`);
    if (!mapping) throw new Error(`no ${input.book}.opening mapping`);
    const difference = input.lines.reduce((sum, line) => sum + line.amountKobo, 0);
    const lines = difference === 0 ? input.lines : [...input.lines, { accountId: mapping.account_id, amountKobo: -difference }];
    const id = await insertEntry(tx, { book: input.book, valueDate, sourceType: 'opening', narration: OPENING_NARRATION, createdById: actor.id, lines });
    await recordAudit(tx, {
      kind: 'books.opening_posted',
      actor,
      target: { type: 'journal_entry', id, label: `${BOOK_LABELS[input.book]}: ${OPENING_NARRATION}` },
      after: { book: input.book, valueDate, lines },
      at: deps.now(),
    });
    return id;
  });
  const entry = await readEntryView(deps.db, entryId);
  if (!entry) throw new Error('opening entry not found after posting');
  return entry;
}
