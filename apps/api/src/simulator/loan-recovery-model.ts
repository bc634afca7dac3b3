/**
 * The simulator's own idea of recovery from guarantors (issue 35; COOPERATIVE.md "A member leaves"
 * and "Loans", decision 055): plain integer code, never Kobo's recoveryShares or splitInProportion.
 * A defaulted loan's overdue amount (interest and principal of the instalments past due; no fee, no
 * penalties) is split over the accepted guarantees in proportion to what each guaranteed, each
 * share capped by the guarantee and by what the guarantor's savings can give without touching what
 * other things hold; the borrower then owes each guarantor what they paid (a claim).
 */

export type GuarantorStanding = { userId: string; guaranteedKobo: number; balanceKobo: number; heldKobo: number };
export type ModelShare = { userId: string; guaranteedKobo: number; recoverableKobo: number; proportionalKobo: number; amountKobo: number };
export type ModelRecovery = { id: string; loanId: string; status: 'approved' | 'declined'; overdueKobo: number; shares: ModelShare[] };
export type ModelClaim = { recoveryId: string; loanId: string; borrower: string; guarantor: string; amountKobo: number; repaidKobo: number };

/** Whole kobo a × b ÷ c, half up, for a, b ≥ 0 and c > 0. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * Each guarantor's share of `overdueKobo` (never more than they guaranteed in all): in proportion
 * to the guarantees, half up, the last share taking what rounding left; then each capped by their
 * guarantee and by their savings less what OTHER things hold (what is held beyond this guarantee).
 * A guarantor short of their share is not made up by the others.
 */
export function recoveryShares(overdueKobo: number, guarantors: readonly GuarantorStanding[]): ModelShare[] {
  const guaranteed = guarantors.reduce((sum, guarantor) => sum + guarantor.guaranteedKobo, 0);
  const toSplit = guaranteed > 0 ? Math.min(Math.max(0, overdueKobo), guaranteed) : 0;
  let given = 0;
  return guarantors.map((guarantor, index) => {
    const proportionalKobo = toSplit === 0 ? 0 : index === guarantors.length - 1 ? toSplit - given : mulDivHalfUp(toSplit, guarantor.guaranteedKobo, guaranteed);
    given += proportionalKobo;
    const heldForOthers = Math.max(0, guarantor.heldKobo - guarantor.guaranteedKobo);
    const recoverableKobo = Math.max(0, Math.min(guarantor.guaranteedKobo, guarantor.balanceKobo - heldForOthers));
    const amountKobo = Math.max(0, Math.min(proportionalKobo, guarantor.guaranteedKobo, recoverableKobo));
    return { userId: guarantor.userId, guaranteedKobo: guarantor.guaranteedKobo, recoverableKobo, proportionalKobo, amountKobo };
  });
}

/** Every recovery the simulation proposed and how it was decided, and the borrowers' debts to their guarantors. */
export class RecoveryBook {
  private readonly recoveries: ModelRecovery[] = [];
  private readonly debts: ModelClaim[] = [];

  /** A recovery decided: approved ones leave a claim per guarantor who paid anything. */
  record(recovery: ModelRecovery, borrower: string): void {
    this.recoveries.push(recovery);
    if (recovery.status !== 'approved') return;
    for (const share of recovery.shares.filter((candidate) => candidate.amountKobo > 0)) {
      this.debts.push({ recoveryId: recovery.id, loanId: recovery.loanId, borrower, guarantor: share.userId, amountKobo: share.amountKobo, repaidKobo: 0 });
    }
  }

  /** A loan's recoveries, newest first (as Kobo lists them). */
  recoveriesOf(loanId: string): ModelRecovery[] {
    return this.recoveries.filter((recovery) => recovery.loanId === loanId).toReversed();
  }

  loansRecovered(): string[] {
    return [...new Set(this.recoveries.map((recovery) => recovery.loanId))];
  }

  claims(): ModelClaim[] {
    return this.debts;
  }

  /** An officer recorded that the borrower repaid the guarantor part of the claim. */
  repayClaim(claim: ModelClaim, kobo: number): void {
    if (kobo > claim.amountKobo - claim.repaidKobo) throw new Error(`the model would over-repay a claim of loan ${claim.loanId}`);
    claim.repaidKobo += kobo;
  }
}
