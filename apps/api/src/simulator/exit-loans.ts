import type { ModelLoan } from './loan-model.ts';
import type { Member, World } from './world.ts';
import { pendingHeld } from './withdrawal-approvals.ts';

/**
 * What a leaver's exit settles of loans (issue 35, decision 065's addendum "leavers with loans"),
 * as plain integer code from COOPERATIVE.md "A member leaves" and the loan model, never Kobo's
 * exit arithmetic: each running loan's payoff (outstanding principal, interest of the instalments
 * due by the settlement day's month end, the fee and penalties still owed; later interest waived),
 * the statement's net, and a shortfall's split over the guarantors of the leaver's loans.
 */

export type ModelExitLoan = { loanId: string; principalKobo: number; interestKobo: number; feeKobo: number; penaltyKobo: number; payoffKobo: number };
export type ModelRecovery = { loanId: string; userId: string; guaranteedKobo: number; amountKobo: number };
export type ShortfallChoice = 'member_pays' | 'guarantors';

export type ModelStatement = {
  savingsKobo: number;
  loans: ModelExitLoan[];
  payoffKobo: number;
  exitFeeKobo: number;
  netKobo: number;
  shortfallKobo: number;
  shortfallChoice: ShortfallChoice | null;
  memberPaysKobo: number;
  recoveries: ModelRecovery[];
  payableKobo: number;
};

/** 'YYYY-MM-DD' of the last day of the month of `day`. */
function monthEndOf(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The leaver's running loans, oldest first (the order Kobo's statement lists them in). */
export function runningLoansOf(world: World, userId: string): ModelLoan[] {
  return world.loans.model.all().filter((loan) => loan.borrower === userId && loan.status === 'active');
}

/** A running loan paid off on `day`: principal outstanding, interest of every instalment due by the day's month end (a month begun is owed), fee, penalties. */
export function exitPayoff(world: World, loan: ModelLoan, day: string): ModelExitLoan {
  const monthEnd = monthEndOf(day);
  const principalKobo = loan.instalments.reduce((sum, row) => sum + row.principal - row.principalPaid, 0);
  const interestKobo = loan.instalments.filter((row) => row.dueDate <= monthEnd).reduce((sum, row) => sum + row.interest - row.interestPaid - row.interestWaived, 0);
  const feeKobo = loan.feeOutstanding;
  const penaltyKobo = world.loans.model.penalties.outstanding(loan.id);
  return { loanId: loan.id, principalKobo, interestKobo, feeKobo, penaltyKobo, payoffKobo: principalKobo + interestKobo + feeKobo + penaltyKobo };
}

/**
 * `total` split in proportion to `weights`: each part its exact share rounded down, the kobo left
 * over one each to the largest remainders, the later part first on a tie (COOPERATIVE.md: ₦40,000
 * over guarantees of ₦60,000 and ₦20,000 is ₦30,000 and ₦10,000). The parts add up to the total.
 */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const whole = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
  const shares = weights.map((weight, index) => ({ index, part: (BigInt(total) * BigInt(weight)) / whole, remainder: (BigInt(total) * BigInt(weight)) % whole }));
  let left = BigInt(total) - shares.reduce((sum, share) => sum + share.part, 0n);
  for (const share of shares.toSorted((a, b) => (a.remainder === b.remainder ? b.index - a.index : a.remainder > b.remainder ? -1 : 1))) {
    if (left === 0n) break;
    share.part += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share.part));
}

/** The guarantees still accepted on the leaver's running loans: who would pay a shortfall, in the loans' order. */
export function guaranteesOfLoans(loans: readonly ModelLoan[]): { loanId: string; userId: string; guaranteedKobo: number }[] {
  return loans.filter((loan) => loan.guaranteeStatus === 'accepted').map((loan) => ({ loanId: loan.id, userId: loan.guarantor, guaranteedKobo: loan.guaranteeKobo }));
}

/**
 * The statement the model expects on `day`: the ordinary savings (the scheme's one product, no
 * pro rata interest), less every running loan's payoff, less the exit fee. A shortfall is met as
 * `choice` says: the member pays it in, or the guarantors in proportion to what each guaranteed.
 * A withdrawal awaiting a second officer is not in it: Kobo pays out the whole balance, what the
 * request holds included (the request stays pending on the closed account, decision 065's addendum).
 */
export function modelStatement(world: World, member: Member, day: string, exitFeeKobo: number, choice: ShortfallChoice | null): ModelStatement {
  const running = runningLoansOf(world, member.userId);
  const loans = running.map((loan) => exitPayoff(world, loan, day));
  const savingsKobo = world.model.balance(member.userId);
  const payoffKobo = loans.reduce((sum, loan) => sum + loan.payoffKobo, 0);
  const netKobo = savingsKobo - payoffKobo - exitFeeKobo;
  const shortfallKobo = Math.max(0, -netKobo);
  const shortfallChoice = shortfallKobo > 0 ? choice : null;
  const guarantees = guaranteesOfLoans(running);
  const parts = shortfallChoice === 'guarantors' && guarantees.length > 0 ? splitByWeight(shortfallKobo, guarantees.map((guarantee) => guarantee.guaranteedKobo)) : [];
  return {
    savingsKobo,
    loans,
    payoffKobo,
    exitFeeKobo,
    netKobo,
    shortfallKobo,
    shortfallChoice,
    memberPaysKobo: shortfallChoice === 'member_pays' ? shortfallKobo : 0,
    recoveries: parts.map((amountKobo, index) => ({ ...(guarantees[index] as (typeof guarantees)[number]), amountKobo })),
    payableKobo: Math.max(0, netKobo),
  };
}

/**
 * The guarantors who cannot spare what a recovery asks of them: each one's savings less everything
 * holding them (liens, pending withdrawals), plus the guarantee this settlement releases, below
 * their part. Kobo then refuses the approval naming the first.
 */
export function shortGuarantors(world: World, recoveries: readonly ModelRecovery[]): string[] {
  const asked = new Map<string, { amount: number; released: number }>();
  for (const recovery of recoveries) {
    const own = asked.get(recovery.userId) ?? { amount: 0, released: 0 };
    own.amount += recovery.amountKobo;
    own.released += recovery.guaranteedKobo;
    asked.set(recovery.userId, own);
  }
  return [...asked]
    .filter(([userId, own]) => Math.max(0, world.model.balance(userId) - world.loans.model.lien(userId) - pendingHeld(world, userId) + own.released) < own.amount)
    .map(([userId]) => userId);
}

/** The running loans a member guarantees (accepted): what must be released or replaced before their exit is approved. */
export function openGuaranteesOf(world: World, userId: string): ModelLoan[] {
  return world.loans.model.all().filter((loan) => loan.guarantor === userId && loan.guaranteeStatus === 'accepted' && ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'].includes(loan.status));
}

/**
 * Who may give notice with loans: a borrower of running loans and a guarantor of running loans
 * may; a member with an application of their own not yet paid out (Kobo refuses that exit's
 * approval), or asked to guarantee one, or guaranteeing one not yet running, waits until it is
 * decided (the simulator keeps a leaver off every application).
 */
export function mayGiveNotice(world: World, userId: string): boolean {
  const open = ['awaiting_guarantors', 'awaiting_approval', 'approved'];
  return !world.loans.model.all().some((loan) => open.includes(loan.status) && (loan.borrower === userId || (loan.guarantor === userId && loan.guaranteeStatus !== 'declined')));
}

/** What the leavers' loans came to, for the report and the tests. */
export type ExitLoanTally = {
  loansPaidOff: number;
  guaranteesReplaced: number;
  guaranteesReleased: number;
  memberPaid: number;
  guarantorsPaid: number;
  refusedShortGuarantors: number;
  pendingWithdrawalsAtExit: number;
  /** Approvals of such a withdrawal after the exit, refused: the settlement cancelled it. */
  pendingRefusedAfterExit: number;
};

export const emptyExitLoanTally = (): ExitLoanTally => ({ loansPaidOff: 0, guaranteesReplaced: 0, guaranteesReleased: 0, memberPaid: 0, guarantorsPaid: 0, refusedShortGuarantors: 0, pendingWithdrawalsAtExit: 0, pendingRefusedAfterExit: 0 });
