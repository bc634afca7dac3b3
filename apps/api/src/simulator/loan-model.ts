import { RecoveryBook } from './loan-recovery-model.ts';
import { PenaltyBook, type PenaltyInstalment } from './penalty-model.ts';

/**
 * The simulator's own idea of every loan (issue 35): plain integer arithmetic from COOPERATIVE.md's
 * "Loans" section, never Kobo's loan, money or ledger code (the model is the oracle). It knows the
 * one product the simulation offers (SIM_PRODUCT) and follows each loan from application to its
 * last repayment: the schedule, where each repayment went, arrears, and the liens it puts on the
 * borrower's and the guarantor's savings.
 */

/** What the simulation's loan product says, in the model's own units (rates in basis points). */
export const SIM_PRODUCT = {
  annualRateBp: 1_200,
  maxMonths: 12,
  /** Twice the savings: the borrower's lien is outstanding principal ÷ 2, rounded up. */
  savingsMultiple: 2,
  maxAmountKobo: 50_000_000,
  feeKobo: 100_000,
} as const;

export type LoanStatus = 'awaiting_guarantors' | 'awaiting_approval' | 'approved' | 'rejected' | 'active' | 'repaid' | 'written_off';
type GuaranteeStatus = 'pending' | 'accepted' | 'declined' | 'released';

/** `interestWaived`: interest no longer owed, the months after a top-up paid the loan off. */
type Instalment = { number: number; dueDate: string; principal: number; interest: number; principalPaid: number; interestPaid: number; interestWaived: number };
/** `penalty`: what it paid of the loan's penalties (paid first, decision 053). */
type Allocation = { fee: number; penalty: number; lines: { number: number; interest: number; principal: number }[] };
/** `byTopUp`: written by a top-up's disbursement (the payoff, or the new loan's fee), which no reversal undoes. */
/** `day`: its value date, which the penalty job reads (paid by a charge day, no charge). */
/** `byRecovery`: a recovery from the guarantors paid it (decision 055): never reversed. */
type Repayment = { entryId: string; day: string; amount: number; allocation: Allocation; reversed: boolean; byTopUp: boolean; byRecovery?: boolean; label: string };

export type ModelLoan = {
  id: string;
  borrower: string;
  guarantor: string;
  guaranteeKobo: number;
  guaranteeStatus: GuaranteeStatus;
  /** Who applied: a member for themselves, or the first officer for them (two-person approval then needs the second). */
  appliedBy: 'member' | 'officer';
  principal: number;
  months: number;
  /** A top-up: the running loan it pays off when disbursed. */
  topsUp: string | null;
  feeOutstanding: number;
  status: LoanStatus;
  instalments: Instalment[];
  repayments: Repayment[];
};

/** Whole kobo a ÷ b, half up, for a ≥ 0 and b > 0. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** 'YYYY-MM-DD' of the last day of the month `offset` months after `month` ('YYYY-MM'). */
function monthEnd(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // Day 0 of the month after is the last day of the month wanted.
  return new Date(Date.UTC(year, monthNumber - 1 + offset + 1, 0)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Flat interest (COOPERATIVE.md): total interest = principal × annual rate × months ÷ 12, to the
 * nearest kobo, spread evenly over the instalments (whole kobo each), the last instalment taking
 * what rounding left of both principal and interest; the first falls due at the end of the month
 * after the disbursement's.
 */
export function flatSchedule(principal: number, months: number, disbursedMonth: string): Instalment[] {
  const totalInterest = divideHalfUp(principal * SIM_PRODUCT.annualRateBp * months, 10_000 * 12);
  const principalEach = Math.floor(principal / months);
  const interestEach = Math.floor(totalInterest / months);
  return Array.from({ length: months }, (_, index) => {
    const last = index === months - 1;
    return {
      number: index + 1,
      dueDate: monthEnd(disbursedMonth, index + 1),
      principal: last ? principal - principalEach * (months - 1) : principalEach,
      interest: last ? totalInterest - interestEach * (months - 1) : interestEach,
      principalPaid: 0,
      interestPaid: 0,
      interestWaived: 0,
    };
  });
}

const owedInterest = (row: Instalment) => row.interest - row.interestPaid - row.interestWaived;
const owed = (row: Instalment) => row.principal - row.principalPaid + owedInterest(row);

/** Loans whose guarantee still holds the guarantor's savings: until repaid or refused. */
const BINDING: readonly LoanStatus[] = ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'];

export class LoanModel {
  /**
   * Told of each change to the scheme's income the loans make, on the day they make it (the year
   * end's surplus, decision 065's addendum): a fee charged, the interest a repayment paid (less
   * when it is reversed), and what a write-off takes off the loans account (principal and fee owed).
   */
  onIncome: (kobo: number) => void = () => {};
  /** The simulated day (a repayment's value date): told by the simulation, as onIncome is. */
  today: () => string = () => '';
  /** Each loan's penalty charges (penalty-model.ts). */
  readonly penalties = new PenaltyBook();
  /** Recoveries from guarantors and the borrowers' debts to them (loan-recovery-model.ts). */
  readonly recoveries = new RecoveryBook();

  private readonly loans = new Map<string, ModelLoan>();
  /** Every row Kobo's loan ledger should hold: disbursements, fees, repayments and their reversals. */
  private entryCount = 0;

  all(): ModelLoan[] {
    return [...this.loans.values()];
  }

  loan(id: string): ModelLoan {
    const loan = this.loans.get(id);
    if (!loan) throw new Error(`the loan model knows no loan ${id}`);
    return loan;
  }

  expectedEntries(): number {
    return this.entryCount;
  }

  /** A loan not yet closed (applied for, approved or running): a member has at most one. */
  openLoanOf(userId: string): ModelLoan | undefined {
    return this.all().find((loan) => loan.borrower === userId && ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'].includes(loan.status));
  }

  /** What a borrower owes or has asked for: the outstanding principal of running loans and the principal of open applications. */
  alreadyBorrowed(userId: string): number {
    return this.all()
      .filter((loan) => loan.borrower === userId)
      .reduce((sum, loan) => sum + (loan.status === 'active' ? this.outstandingPrincipal(loan) : ['awaiting_guarantors', 'awaiting_approval', 'approved'].includes(loan.status) ? loan.principal : 0), 0);
  }

  /** The most a member may borrow: their savings × the multiple less what they already borrow, within the cap. */
  limitFor(userId: string, savingsKobo: number, toppedUp?: ModelLoan): number {
    // A top-up is judged as if new, the running loan it pays off counting as repaid.
    const credited = toppedUp ? this.outstandingPrincipal(toppedUp) : 0;
    return Math.max(0, Math.min(SIM_PRODUCT.maxAmountKobo, savingsKobo * SIM_PRODUCT.savingsMultiple - this.alreadyBorrowed(userId) + credited));
  }

  /** What a member already guarantees on loans still binding (accepted guarantees). */
  guaranteed(userId: string): number {
    return this.all()
      .filter((loan) => loan.guarantor === userId && loan.guaranteeStatus === 'accepted' && BINDING.includes(loan.status))
      .reduce((sum, loan) => sum + loan.guaranteeKobo, 0);
  }

  /**
   * What loans hold of a member's savings (COOPERATIVE.md "Loans"): as a borrower, each running
   * loan's outstanding principal ÷ the multiple, rounded up; as a guarantor, what they guarantee.
   */
  lien(userId: string): number {
    const asBorrower = this.all()
      .filter((loan) => loan.borrower === userId && loan.status === 'active')
      .reduce((sum, loan) => sum + Math.ceil(this.outstandingPrincipal(loan) / SIM_PRODUCT.savingsMultiple), 0);
    return asBorrower + this.guaranteed(userId);
  }

  /** The open top-up of a running loan, if any: one at a time. */
  topUpOf(loanId: string): ModelLoan | undefined {
    return this.all().find((loan) => loan.topsUp === loanId && ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'].includes(loan.status));
  }

  /**
   * A payoff quote on `day` (COOPERATIVE.md "Loans in trouble"): the principal outstanding, the
   * interest of the instalments due by the day's month end, and the fee; later interest is not owed.
   */
  payoffQuote(loan: ModelLoan, day: string): number {
    const monthEndOfDay = monthEnd(day.slice(0, 7), 0);
    return this.penalties.outstanding(loan.id) + loan.feeOutstanding + loan.instalments.reduce((sum, row) => sum + row.principal - row.principalPaid + (row.dueDate <= monthEndOfDay ? owedInterest(row) : 0), 0);
  }

  /**
   * A top-up paid out on `day`: the running loan is paid off at its quote (repaid, its guarantee
   * released, later interest waived), and the new loan's fee is taken from the proceeds.
   */
  disburseTopUp(loanId: string, day: string, payoffEntryId: string, feeEntryId: string): void {
    const loan = this.loan(loanId);
    const running = this.loan(loan.topsUp as string);
    this.payOff(running, day, payoffEntryId, `payoff by top-up ${loanId}`);
    if (running.guaranteeStatus === 'accepted') running.guaranteeStatus = 'released';
    this.disburse(loanId, day);
    loan.repayments.push({ entryId: feeEntryId, day, amount: loan.feeOutstanding, allocation: { fee: loan.feeOutstanding, penalty: 0, lines: [] }, reversed: false, byTopUp: true, label: `top-up fee` });
    loan.feeOutstanding = 0;
    this.entryCount += 2;
  }

  /**
   * A leaver's exit settled on `day` (decision 051): each of their running loans paid off at its
   * quote, as a top-up pays one (principal, interest of the instalments due by the day's month end,
   * fee, penalties; later interest waived), one loan ledger row, the loan repaid.
   */
  payOffAtExit(loanId: string, day: string, entryId: string): void {
    this.payOff(this.loan(loanId), day, entryId, 'payoff at exit');
    this.entryCount += 1;
  }

  /**
   * A running loan paid off on `day` at its quote (a top-up's payout or an exit): principal, the
   * interest of the instalments due by the day's month end (later interest waived), the fee and
   * the penalties, as one ledger row; the loan repaid.
   */
  private payOff(loan: ModelLoan, day: string, entryId: string, label: string): void {
    const monthEndOfDay = monthEnd(day.slice(0, 7), 0);
    const amount = this.payoffQuote(loan, day);
    const lines: Allocation['lines'] = [];
    for (const row of loan.instalments) {
      const interest = row.dueDate <= monthEndOfDay ? owedInterest(row) : 0;
      const principal = row.principal - row.principalPaid;
      if (row.dueDate > monthEndOfDay) row.interestWaived += owedInterest(row);
      row.interestPaid += interest;
      row.principalPaid += principal;
      if (interest + principal > 0) lines.push({ number: row.number, interest, principal });
    }
    const penalty = this.penalties.outstanding(loan.id);
    this.penalties.pay(loan.id, penalty);
    loan.repayments.push({ entryId, day, amount, allocation: { fee: loan.feeOutstanding, penalty, lines }, reversed: false, byTopUp: true, label });
    this.onIncome(lines.reduce((sum, line) => sum + line.interest, 0));
    loan.feeOutstanding = 0;
    loan.status = 'repaid';
  }

  /** A leaver's guarantee released by an officer (the borrower's own savings judged enough): it no longer holds their savings. */
  releaseGuarantee(loanId: string): void {
    this.loan(loanId).guaranteeStatus = 'released';
  }

  /** Another member accepted the guarantee in a leaver's place: the same amount now holds their savings. */
  replaceGuarantor(loanId: string, userId: string): void {
    this.loan(loanId).guarantor = userId;
  }

  apply(loan: { id: string; borrower: string; guarantor: string; principal: number; months: number; appliedBy: 'member' | 'officer'; topsUp: string | null }): void {
    this.loans.set(loan.id, {
      ...loan,
      // One guarantor guarantees the whole principal.
      guaranteeKobo: loan.principal,
      guaranteeStatus: 'pending',
      feeOutstanding: SIM_PRODUCT.feeKobo,
      status: 'awaiting_guarantors',
      instalments: [],
      repayments: [],
    });
  }

  answerGuarantee(loanId: string, answer: 'accept' | 'decline'): void {
    const loan = this.loan(loanId);
    loan.guaranteeStatus = answer === 'accept' ? 'accepted' : 'declined';
    if (answer === 'accept') loan.status = 'awaiting_approval';
  }

  decide(loanId: string, decision: 'approve' | 'reject'): void {
    this.loan(loanId).status = decision === 'approve' ? 'approved' : 'rejected';
  }

  disburse(loanId: string, valueDate: string): void {
    const loan = this.loan(loanId);
    loan.instalments = flatSchedule(loan.principal, loan.months, valueDate.slice(0, 7));
    loan.status = 'active';
    // The disbursement, and the fee charged beside it (income the day it is charged).
    this.entryCount += SIM_PRODUCT.feeKobo > 0 ? 2 : 1;
    this.onIncome(SIM_PRODUCT.feeKobo);
  }

  outstandingPrincipal(loan: ModelLoan): number {
    return loan.instalments.reduce((sum, row) => sum + row.principal - row.principalPaid, 0);
  }

  /** Fee, interest and principal still to pay: what paying the loan off takes (interest of the months ahead included). */
  payoff(loan: ModelLoan): number {
    return this.penalties.outstanding(loan.id) + loan.feeOutstanding + loan.instalments.reduce((sum, row) => sum + owed(row), 0);
  }

  /** What is due on `day`: the fee, and every instalment falling due in its month or before (payroll pays before the month ends). */
  dueOn(loan: ModelLoan, day: string): number {
    const monthEndOfDay = monthEnd(day.slice(0, 7), 0);
    return this.penalties.outstanding(loan.id) + loan.feeOutstanding + loan.instalments.filter((row) => row.dueDate <= monthEndOfDay).reduce((sum, row) => sum + owed(row), 0);
  }

  /** Instalments unpaid after their due date on `today`: how much, how many, and the oldest one's days late. */
  arrears(loan: ModelLoan, today: string): { amountOverdue: number; instalmentsOverdue: number; daysInArrears: number } {
    const overdue = loan.instalments.filter((row) => row.dueDate < today && owed(row) > 0);
    return {
      amountOverdue: overdue.reduce((sum, row) => sum + owed(row), 0),
      instalmentsOverdue: overdue.length,
      daysInArrears: overdue[0] ? daysBetween(overdue[0].dueDate, today) : 0,
    };
  }

  /**
   * A repayment Kobo accepted: the fee first, then each instalment oldest first, its interest before
   * its principal; money beyond what is due pays the next instalments in advance the same way (the
   * product's early-payment rule). Nothing left to pay: the loan is repaid.
   */
  repay(loanId: string, entryId: string, amount: number, label: string, options: { byRecovery?: boolean } = {}): void {
    const loan = this.loan(loanId);
    if (amount > this.payoff(loan)) throw new Error(`the model would overpay ${label}`);
    let left = amount;
    // Penalties first, before the fee (the product's order, decision 053); a recovery pays none (decision 055).
    const penalty = options.byRecovery ? 0 : Math.min(left, this.penalties.outstanding(loan.id));
    left -= penalty;
    this.penalties.pay(loan.id, penalty);
    const fee = Math.min(left, loan.feeOutstanding);
    left -= fee;
    loan.feeOutstanding -= fee;
    const lines: Allocation['lines'] = [];
    for (const row of loan.instalments) {
      if (left === 0) break;
      const interest = Math.min(left, owedInterest(row));
      left -= interest;
      const principal = Math.min(left, row.principal - row.principalPaid);
      left -= principal;
      row.interestPaid += interest;
      row.principalPaid += principal;
      if (interest + principal > 0) lines.push({ number: row.number, interest, principal });
    }
    loan.repayments.push({ entryId, day: this.today(), amount, allocation: { fee, penalty, lines }, reversed: false, byTopUp: false, ...(options.byRecovery ? { byRecovery: true } : {}), label });
    this.onIncome(lines.reduce((sum, line) => sum + line.interest, 0));
    if (this.payoff(loan) === 0) loan.status = 'repaid';
    this.entryCount += 1;
  }

  /** The newest repayment still standing: the only one a reversal may undo (newest first). */
  latestStanding(loan: ModelLoan): Repayment | undefined {
    return loan.repayments.findLast((repayment) => !repayment.reversed);
  }

  /** Kobo reversed a repayment (201): what it paid is owed again, and a repaid loan runs again. */
  reverseRepayment(loanId: string, entryId: string): void {
    const loan = this.loan(loanId);
    const repayment = loan.repayments.find((candidate) => candidate.entryId === entryId);
    if (!repayment || repayment.reversed) throw new Error(`the model cannot reverse ${entryId}`);
    repayment.reversed = true;
    this.onIncome(-repayment.allocation.lines.reduce((sum, line) => sum + line.interest, 0));
    loan.feeOutstanding += repayment.allocation.fee;
    this.penalties.unpay(loan.id, repayment.allocation.penalty);
    for (const line of repayment.allocation.lines) {
      const row = loan.instalments[line.number - 1] as Instalment;
      row.interestPaid -= line.interest;
      row.principalPaid -= line.principal;
    }
    loan.status = 'active';
    this.entryCount += 1;
  }

  /** Written off: nothing more is collected, the guarantee stops binding, and what it owed leaves the loans account. */
  writeOff(loanId: string): void {
    const loan = this.loan(loanId);
    // The principal and fee go to "Loans written off"; the penalties owed are waived, out of penalty income.
    this.onIncome(-(this.outstandingPrincipal(loan) + loan.feeOutstanding + this.penalties.waiveAll(loanId)));
    loan.status = 'written_off';
  }

  /**
   * A recovery from the guarantor approved (decision 055): one repayment of the shares' total, paid
   * without penalties (fee, then interest and principal oldest first), and the guarantee lowered
   * by the share, released when nothing of it is left.
   */
  recover(loanId: string, entryId: string, shareKobo: number): void {
    const loan = this.loan(loanId);
    this.repay(loanId, entryId, shareKobo, `recovery of ${shareKobo} from the guarantor`, { byRecovery: true });
    if (shareKobo >= loan.guaranteeKobo) loan.guaranteeStatus = 'released';
    else loan.guaranteeKobo -= shareKobo;
  }

  /** An officer waived what the loan still owes in penalties: income given back; owing nothing else, it is repaid. */
  waivePenalties(loanId: string): void {
    const loan = this.loan(loanId);
    this.onIncome(-this.penalties.waiveAll(loanId));
    if (loan.status === 'active' && this.payoff(loan) === 0) loan.status = 'repaid';
  }

  /** What the loans control account should hold: the principal and fee every running loan still owes. */
  loansReceivable(): number {
    return this.all()
      .filter((loan) => loan.status === 'active')
      .reduce((sum, loan) => sum + this.outstandingPrincipal(loan) + loan.feeOutstanding, 0);
  }

  /**
   * The daily penalty job on `day` (run by the simulator each working morning, as Kobo's schedule
   * would): each running loan's instalments as the job reads them (amount less interest waived,
   * what standing repayments paid and when), the new charges income today. Returns how many.
   */
  accruePenalties(day: string): number {
    let made = 0;
    for (const loan of this.all().filter((candidate) => candidate.status === 'active')) {
      const before = this.penalties.chargesOf(loan.id).length;
      const instalments: PenaltyInstalment[] = loan.instalments.map((row) => ({
        number: row.number,
        dueDate: row.dueDate,
        amount: row.principal + row.interest - row.interestWaived,
        isPaidUp: owed(row) === 0,
        payments: loan.repayments
          .filter((repayment) => !repayment.reversed)
          .flatMap((repayment) => repayment.allocation.lines.filter((line) => line.number === row.number).map((line) => ({ day: repayment.day, amount: line.interest + line.principal }))),
      }));
      const added = this.penalties.accrue(loan.id, instalments, day);
      if (added > 0) this.onIncome(added);
      made += this.penalties.chargesOf(loan.id).length - before;
    }
    return made;
  }
}
