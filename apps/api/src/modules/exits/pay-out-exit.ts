import { eq } from 'drizzle-orm';
import { AppError, calendarDate, type ExitStatement, type ExitView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { memberExits } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitRow, toExitView } from './exit-store.ts';

/**
 * Records a settled exit's pay-out with its bank reference (issue 32, step 4): 'settled' → 'paid',
 * and one entry valued today, Dr Exits payable / Cr cash, for what was payable (none when nothing was).
 */
export async function payOutExit(deps: ExitDeps, actor: Actor, id: string, reference: string): Promise<ExitView> {
  return deps.db.transaction(async (tx) => {
    const row = await readExitRow(tx, id, true);
    if (row.status !== 'settled') throw new AppError('EXIT_NOT_SETTLED');
    const statement = row.statement as ExitStatement;
    const at = deps.now();
    let payoutEntryId: string | null = null;
    if (statement.payableKobo > 0) {
      const accounts = await mappedAccounts(tx, ['exits.payable', 'savings.cash']);
      payoutEntryId = await insertEntry(tx, {
        book: 'scheme',
        valueDate: calendarDate(at, deps.timeZone),
        sourceType: 'exit',
        sourceId: id,
        narration: `Exit paid out · ${row.holderName} · ${reference}`,
        createdById: actor.id,
        lines: [
          { accountId: accounts.get('exits.payable') as string, amountKobo: statement.payableKobo },
          { accountId: accounts.get('savings.cash') as string, amountKobo: -statement.payableKobo },
        ],
      });
    }
    const [paid] = await tx
      .update(memberExits)
      .set({ status: 'paid', paidById: actor.id, paidByName: actor.name, paidAt: at, payReference: reference, payoutEntryId, updatedAt: at })
      .where(eq(memberExits.id, id))
      .returning();
    if (!paid) throw new AppError('EXIT_NOT_FOUND');
    await recordAudit(tx, {
      kind: 'exit.paid_out',
      actor,
      target: { type: 'member_exit', id, label: `Exit · ${row.holderName}` },
      people: [row.userId],
      before: { status: 'settled' },
      after: { status: 'paid', reference, payableKobo: statement.payableKobo, payoutEntryId },
      at,
    });
    return toExitView(paid);
  });
}
