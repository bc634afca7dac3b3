import { sql } from 'drizzle-orm';
import { calendarDate, type LoanRecoveryAnswer } from '@kobo/core';
import type { LoanRecoveryDeps } from './loan-recovery-deps.ts';
import { readRecoverySettings } from './recovery-settings.ts';
import { claimViews, recoveryViews } from './recovery-store.ts';
import { workOutRecovery } from './work-out-recovery.ts';

/**
 * GET /api/loans/:id/recovery (officers and the auditor): whether the loan is in default, the
 * shares a recovery proposed now would take, every recovery of the loan, and the borrower's debts
 * to its guarantors. Reads only.
 */
export async function readLoanRecovery(deps: LoanRecoveryDeps, loanId: string): Promise<LoanRecoveryAnswer> {
  return deps.db.transaction(async (tx) => {
    const { defaultDays } = await readRecoverySettings(tx);
    const today = calendarDate(deps.now(), deps.timeZone);
    const worked = await workOutRecovery(tx, loanId, today, defaultDays, { lock: false });
    return {
      defaultDays,
      daysInArrears: worked.daysInArrears,
      isInDefault: worked.isInDefault,
      overdueKobo: worked.overdueKobo,
      shares: worked.shares,
      recoveries: await recoveryViews(tx, sql`r.loan_id = ${loanId}`),
      claims: await claimViews(tx, sql`c.loan_id = ${loanId}`),
    };
  });
}
