import { AppError, calendarDate, type LoanRecoveryView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { loanRecoveries } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanRecoveryDeps } from './loan-recovery-deps.ts';
import { readRecoverySettings } from './recovery-settings.ts';
import { recoveryView } from './recovery-store.ts';
import { totalOf, workOutRecovery } from './work-out-recovery.ts';

/**
 * An officer proposes recovering a defaulted loan's overdue amount from its guarantors (issue 33):
 * the shares are worked out and frozen; another officer approves them (approve-recovery.ts). One
 * proposal per loan at a time (the unique index loan_recoveries_open_key). Nothing moves yet.
 */
export async function proposeRecovery(deps: LoanRecoveryDeps, actor: Actor, loanId: string): Promise<LoanRecoveryView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const { defaultDays } = await readRecoverySettings(tx);
      const today = calendarDate(deps.now(), deps.timeZone);
      const worked = await workOutRecovery(tx, loanId, today, defaultDays, { lock: false });
      if (worked.loan.status !== 'active') throw new AppError('LOAN_NOT_ACTIVE');
      if (!worked.isInDefault) throw new AppError('RECOVERY_NOT_IN_DEFAULT');
      const amountKobo = totalOf(worked.shares);
      if (amountKobo <= 0) throw new AppError('RECOVERY_NOTHING_TO_RECOVER');
      const at = deps.now();
      const [row] = await tx
        .insert(loanRecoveries)
        .values({
          loanId,
          daysInArrears: worked.daysInArrears,
          overdueKobo: worked.overdueKobo,
          amountKobo,
          shares: worked.shares,
          proposedById: actor.id,
          proposedByName: actor.name,
          proposedAt: at,
        })
        .returning({ id: loanRecoveries.id });
      await recordAudit(tx, {
        kind: 'loan_recovery.proposed',
        actor,
        target: { type: 'loan', id: loanId, label: `${worked.loan.productName} · ${worked.loan.borrowerName}` },
        people: [worked.loan.borrowerUserId, ...worked.shares.map((share) => share.userId)],
        after: {
          recoveryId: row!.id,
          daysInArrears: worked.daysInArrears,
          overdueKobo: worked.overdueKobo,
          amountKobo,
          shares: worked.shares.map((share) => ({ userId: share.userId, amountKobo: share.amountKobo })),
        },
        at,
      });
      return recoveryView(tx, row!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'loan_recoveries_open_key')) throw new AppError('RECOVERY_ALREADY_PROPOSED');
    throw error;
  }
}
