import { sql } from 'drizzle-orm';
import { calendarDate, formatNaira, type Overdeduction } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { lockHeldOverdeduction, readOverdeduction } from './read-overdeductions.ts';

/**
 * An officer refunds an over-deduction to the member (issue 30, decision 047): the money leaves
 * what is held, one entry Dr over-deductions held, Cr cash (the mapping 'savings.cash'), valued
 * today, with the officer's reason. Once: a second decision is refused (409).
 */
export async function refundOverdeduction(deps: SavingsDeps, actor: Actor, id: string, reason: string): Promise<Overdeduction> {
  return deps.db.transaction(async (tx) => {
    const held = await lockHeldOverdeduction(tx, id);
    const at = deps.now();
    const accounts = await mappedAccounts(tx, ['payroll.overdeductions', 'savings.cash']);
    await insertEntry(tx, {
      book: 'scheme',
      valueDate: calendarDate(at, deps.timeZone),
      sourceType: 'payroll',
      sourceId: held.id,
      narration: `Over-deduction refunded to ${held.name ?? held.ref} (${held.month} payroll): ${reason}`,
      createdById: actor.id,
      lines: [
        { accountId: accounts.get('payroll.overdeductions') as string, amountKobo: held.amountKobo },
        { accountId: accounts.get('savings.cash') as string, amountKobo: -held.amountKobo },
      ],
    });
    await tx.execute(sql`
      update payroll_overdeductions
      set status = 'refunded', reason = ${reason}, decided_by_id = ${actor.id}, decided_by_name = ${actor.name}, decided_at = ${at.toISOString()}
      where id = ${held.id}`);
    await recordAudit(tx, {
      kind: 'payroll.overdeduction_refunded',
      actor,
      target: { type: 'payroll_overdeduction', id: held.id, label: `${formatNaira(held.amountKobo)} over-deducted from ${held.name ?? held.ref} (${held.month})` },
      people: [held.userId],
      before: { status: 'held' },
      after: { status: 'refunded', amountKobo: held.amountKobo, reason },
      at,
    });
    return readOverdeduction(tx, held.id);
  });
}
