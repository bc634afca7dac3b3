import { eq } from 'drizzle-orm';
import { AppError, type LoanRecoveryView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanRecoveries } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanRecoveryDeps } from './loan-recovery-deps.ts';
import { readRecoveryRow, recoveryView } from './recovery-store.ts';

/** Declines a proposed recovery with a reason (any officer, the proposer too: withdrawing it); nothing moved, nothing moves. */
export async function declineRecovery(deps: LoanRecoveryDeps, actor: Actor, id: string, reason: string): Promise<LoanRecoveryView> {
  return deps.db.transaction(async (tx) => {
    const row = await readRecoveryRow(tx, id, true);
    if (row.status !== 'proposed') throw new AppError('RECOVERY_NOT_PROPOSED');
    const at = deps.now();
    await tx
      .update(loanRecoveries)
      .set({ status: 'declined', decidedById: actor.id, decidedByName: actor.name, decidedAt: at, declineReason: reason })
      .where(eq(loanRecoveries.id, id));
    const view = await recoveryView(tx, id);
    await recordAudit(tx, {
      kind: 'loan_recovery.declined',
      actor,
      target: { type: 'loan', id: row.loanId, label: `${view.productName} · ${view.borrowerName}` },
      before: { recoveryId: id, status: 'proposed' },
      after: { status: 'declined', reason },
      at,
    });
    return view;
  });
}
