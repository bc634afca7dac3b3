import { eq } from 'drizzle-orm';
import { AppError, calendarDate, dayLabel, MESSAGES, type ExitSettlementInput, type ExitView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { memberExits } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { readApprovalSettings } from '../savings/requests/approval-settings.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitRow, toExitView } from './exit-store.ts';
import { refuseUnsettleable, workOutStatement } from './work-out-statement.ts';

/**
 * Approves an exit's settlement (issue 32, step 4): at notice (or approved again, when the balances
 * changed since and settling was refused), once the notice period has passed, every guarantee the
 * member gives released, a shortfall met, the guarantors able to pay and a death's nominees
 * recorded. With two-person approval on, the officer who gave the notice cannot approve it. The
 * statement is frozen with the settlement date and the shortfall's choice.
 */
export async function approveExit(deps: ExitDeps, actor: Actor, id: string, input: ExitSettlementInput): Promise<ExitView> {
  return deps.db.transaction(async (tx) => {
    const row = await readExitRow(tx, id, true);
    if (row.status !== 'notice' && row.status !== 'approved') throw new AppError('EXIT_NOT_NOTICE', { message: MESSAGES.exitCannotApprove });
    const { twoPersonThresholdKobo } = await readApprovalSettings(tx);
    if (twoPersonThresholdKobo !== null && row.givenById === actor.id) throw new AppError('EXIT_OWN_APPROVAL');
    if (input.settlementDate < row.earliestSettlementDate) {
      throw new AppError('EXIT_NOTICE_PERIOD', { message: `The scheme's notice period has not passed yet: the earliest settlement date is ${dayLabel(row.earliestSettlementDate)}.` });
    }
    const today = calendarDate(deps.now(), deps.timeZone);
    const worked = await workOutStatement(tx, row, { settlementDate: input.settlementDate, shortfallChoice: input.shortfallChoice ?? null }, { today });
    await refuseUnsettleable(tx, row, worked);
    const at = deps.now();
    const [updated] = await tx
      .update(memberExits)
      .set({
        status: 'approved',
        statement: worked.statement,
        settlementDate: input.settlementDate,
        shortfallChoice: worked.statement.shortfallChoice,
        approvedById: actor.id,
        approvedByName: actor.name,
        approvedAt: at,
        updatedAt: at,
      })
      .where(eq(memberExits.id, id))
      .returning();
    if (!updated) throw new AppError('EXIT_NOT_FOUND');
    await recordAudit(tx, {
      kind: 'exit.approved',
      actor,
      target: { type: 'member_exit', id, label: `Exit · ${row.holderName}` },
      people: [row.userId],
      before: { status: row.status },
      after: {
        status: 'approved',
        settlementDate: input.settlementDate,
        shortfallChoice: worked.statement.shortfallChoice,
        netKobo: worked.statement.netKobo,
        payableKobo: worked.statement.payableKobo,
      },
      at,
    });
    return toExitView(updated);
  });
}
