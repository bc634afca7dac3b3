/**
 * The simulator's own idea of a member's life beyond single postings (issue 35, decision 065):
 * standing contributions, the payroll loop's arrears and over-deductions, each year's balance-days
 * (for interest on savings), the year end's figures and what leaving pays. Plain integer
 * arithmetic on what the simulator asked for and Kobo accepted; it never imports Kobo's money,
 * payroll or year-end code, so a bug there cannot hide by being in both.
 */

/**
 * What payroll is told to deduct from one member this month: their standing contribution, the
 * contribution arrears carried, and what their running loans have due (the loan model's figure).
 */
export type AdvisedLine = { userId: string; contributionKobo: number; arrearsKobo: number; loanKobo: number };

/** What payroll sent for one member: one amount paying everything in the scheme's order, or an amount per deduction column. */
export type RemittedLine = { kind: 'total'; kobo: number } | { kind: 'columns'; contributionKobo: number; arrearsKobo: number; loanKobo: number };

/** What a member's remittance line does, as the model works it out (`paidKobo` includes `loanPaidKobo`, which repays loans, not savings). */
export type RemittanceOutcome = { paidKobo: number; contributionPaidKobo: number; arrearsPaidKobo: number; loanPaidKobo: number; overKobo: number; remittedKobo: number };

/** One member's interest on savings at the year end: gross rounded half up, the tax on it, net. */
export type YearEndLine = { userId: string; grossKobo: number; taxKobo: number; netKobo: number };

export type YearEndFigures = {
  year: number;
  incomeKobo: number;
  /** What the rate gives: the members' exact interest summed, rounded half up once. */
  interestKobo: number;
  reserveKobo: number;
  lines: YearEndLine[];
  grossKobo: number;
  taxKobo: number;
  netKobo: number;
  roundingKobo: number;
  carriedForwardKobo: number;
};

/** A posting as the year end reads it: its value date, what it moved, and whether it was reversed. */
type DatedPosting = { day: string; effects: readonly { userId: string; kobo: number }[]; reversed: boolean };

/** actual/365, as COOPERATIVE.md's example and decision 048 count days: a leap year's 366 days over 365. */
const DAYS_IN_A_YEAR = 365n;
const BASIS_POINTS = 10_000n;

/** Days since 1970 of an ISO day, for counting the days a posting is held. */
function dayNumber(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000;
}

/** a ÷ b rounded half up, for a ≥ 0 and b > 0, in integers. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export class LifecycleModel {
  /** Each member's standing monthly contribution to ordinary savings, in kobo (absent: none). */
  private readonly standing = new Map<string, number>();
  /** Contribution arrears outstanding per member: shortfalls not yet paid by a later remittance. */
  private readonly arrears = new Map<string, number>();
  /** Over-deductions held in the scheme's book: money payroll sent beyond what was advised. */
  private heldKobo = 0;
  /** Every posting Kobo took, dated by its value date (the day it was made, or the day a year end values it). */
  private readonly dated = new Map<string, DatedPosting>();
  /** Each member's balance at the close of the last 31 December, for the AGM pack. */
  private closedYear: { year: number; closing: Map<string, number> } | null = null;
  /** Scheme income posted per calendar year (the year's surplus: the simulated scheme has no expenditure in its book). */
  private readonly income = new Map<number, number>();
  /** Members who left (settled): no longer in the payroll loop, their balances at ₦0. */
  private readonly left = new Set<string>();

  standingOf(userId: string): number {
    return this.standing.get(userId) ?? 0;
  }

  setStanding(userId: string, kobo: number): void {
    this.standing.set(userId, kobo);
  }

  allStanding(): ReadonlyMap<string, number> {
    return this.standing;
  }

  arrearsOf(userId: string): number {
    return this.arrears.get(userId) ?? 0;
  }

  totalArrears(): number {
    return [...this.arrears.values()].reduce((sum, kobo) => sum + kobo, 0);
  }

  heldOverdeductions(): number {
    return this.heldKobo;
  }

  /** The month's advice: every member still in the scheme with something to deduct (`loanDue`: what their running loans have due). */
  advise(userIds: readonly string[], loanDue: (userId: string) => number = () => 0): AdvisedLine[] {
    return userIds
      .filter((userId) => !this.left.has(userId))
      .map((userId) => ({ userId, contributionKobo: this.standingOf(userId), arrearsKobo: this.arrearsOf(userId), loanKobo: loanDue(userId) }))
      .filter((line) => line.contributionKobo + line.arrearsKobo + line.loanKobo > 0);
  }

  /**
   * What a line pays: a total pays the loan first, then the arrears, then the contribution (loans
   * first, the common by-law and Kobo's default; COOPERATIVE.md "The payroll loop"); a column pays
   * only its own deduction, up to what was advised. What is left over is over, held (never paid to
   * a loan ahead). No line at all pays nothing.
   */
  static remit(advised: AdvisedLine, remitted: RemittedLine | null): RemittanceOutcome {
    if (remitted === null) return { paidKobo: 0, contributionPaidKobo: 0, arrearsPaidKobo: 0, loanPaidKobo: 0, overKobo: 0, remittedKobo: 0 };
    if (remitted.kind === 'total') {
      const loanPaidKobo = Math.min(advised.loanKobo, remitted.kobo);
      const arrearsPaidKobo = Math.min(advised.arrearsKobo, remitted.kobo - loanPaidKobo);
      const contributionPaidKobo = Math.min(advised.contributionKobo, remitted.kobo - loanPaidKobo - arrearsPaidKobo);
      const paidKobo = loanPaidKobo + arrearsPaidKobo + contributionPaidKobo;
      return { paidKobo, contributionPaidKobo, arrearsPaidKobo, loanPaidKobo, overKobo: remitted.kobo - paidKobo, remittedKobo: remitted.kobo };
    }
    const contributionPaidKobo = Math.min(advised.contributionKobo, remitted.contributionKobo);
    const arrearsPaidKobo = Math.min(advised.arrearsKobo, remitted.arrearsKobo);
    const loanPaidKobo = Math.min(advised.loanKobo, remitted.loanKobo);
    const remittedKobo = remitted.contributionKobo + remitted.arrearsKobo + remitted.loanKobo;
    const paidKobo = contributionPaidKobo + arrearsPaidKobo + loanPaidKobo;
    return { paidKobo, contributionPaidKobo, arrearsPaidKobo, loanPaidKobo, overKobo: remittedKobo - paidKobo, remittedKobo };
  }

  /** Kobo posted the remittance: arrears paid down, the contribution's shortfall carried, the over held (a loan's shortfall stays on the loan, as its arrears). */
  recordRemittance(advised: AdvisedLine, outcome: RemittanceOutcome): void {
    const outstanding = this.arrearsOf(advised.userId) - outcome.arrearsPaidKobo + (advised.contributionKobo - outcome.contributionPaidKobo);
    this.arrears.set(advised.userId, outstanding);
    this.heldKobo += outcome.overKobo;
  }

  /** A line for nobody the scheme knows: all of it held. */
  recordUnexpected(kobo: number): void {
    this.heldKobo += kobo;
  }

  /** The savings model's observer: each posting dated the day Kobo took it (every posting is valued that day). */
  constructor(private readonly today: () => string) {}

  recorded(transactionIds: readonly string[], effects: readonly { userId: string; kobo: number }[]): void {
    const posting: DatedPosting = { day: this.today(), effects, reversed: false };
    for (const id of transactionIds) this.dated.set(id, posting);
  }

  reversed(transactionId: string): void {
    const posting = this.dated.get(transactionId);
    if (posting) posting.reversed = true;
  }

  /** A year end's interest, posted in January but valued on the year's last day. */
  valuedOn(transactionId: string, day: string): void {
    const posting = this.dated.get(transactionId);
    if (posting) posting.day = day;
  }

  /** The end of 31 December: every balance as it closed the year, for the AGM pack's totals. */
  closeDay(balances: ReadonlyMap<string, number>, isoDay: string): void {
    if (isoDay.endsWith('-12-31')) this.closedYear = { year: Number(isoDay.slice(0, 4)), closing: new Map(balances) };
  }

  /** A posting valued on the closed year's last day, made in the new year: it closed the year too. */
  valuedAtLastYearEnd(userId: string, kobo: number): void {
    if (this.closedYear) this.closedYear.closing.set(userId, (this.closedYear.closing.get(userId) ?? 0) + kobo);
  }

  closingBalancesOf(year: number): ReadonlyMap<string, number> | null {
    return this.closedYear?.year === year ? this.closedYear.closing : null;
  }

  /**
   * Each member's balance-days over calendar `year`: every posting valued by then counts for each
   * day from its value date (or the year's first) to the year's last. A posting reversed counts
   * for none of them, nor does its reversal: Kobo leaves both out, whatever day the reversal was
   * valued (decision 049, read-member-years.ts), as a mistake corrected never happened.
   */
  balanceDays(year: number): Map<string, bigint> {
    const first = dayNumber(`${year}-01-01`);
    const last = dayNumber(`${year}-12-31`);
    const days = new Map<string, bigint>();
    for (const posting of new Set(this.dated.values())) {
      const day = dayNumber(posting.day);
      if (posting.reversed || day > last) continue;
      const held = BigInt(last - Math.max(day, first) + 1);
      for (const { userId, kobo } of posting.effects) days.set(userId, (days.get(userId) ?? 0n) + BigInt(kobo) * held);
    }
    return days;
  }

  recordIncome(year: number, kobo: number): void {
    this.income.set(year, (this.income.get(year) ?? 0) + kobo);
  }

  incomeOf(year: number): number {
    return this.income.get(year) ?? 0;
  }

  /**
   * The year end's figures by COOPERATIVE.md's rules: interest on ordinary savings by the average
   * daily balance (actual/365) at `rateBp`, each member's gross rounded half up, the tax on it half
   * up, the amount what the rate gives (the exact sum rounded once), the rounding the difference;
   * the reserve at `reserveBp` of the surplus rounded up; carried forward the rest. Members who
   * have left have no line (their exit settled them).
   */
  yearEnd(year: number, rateBp: number, taxBp: number, reserveBp: number): YearEndFigures {
    const rate = BigInt(rateBp);
    const denominator = DAYS_IN_A_YEAR * BASIS_POINTS;
    let exactSum = 0n;
    const lines: YearEndLine[] = [];
    for (const [userId, days] of this.balanceDays(year)) {
      // A member who left was settled in full on exit: the run has no line for them.
      if (days <= 0n || this.left.has(userId)) continue;
      exactSum += days * rate;
      const grossKobo = Number(divideHalfUp(days * rate, denominator));
      if (grossKobo === 0) continue;
      const taxKobo = Number(divideHalfUp(BigInt(grossKobo) * BigInt(taxBp), BASIS_POINTS));
      lines.push({ userId, grossKobo, taxKobo, netKobo: grossKobo - taxKobo });
    }
    const interestKobo = Number(divideHalfUp(exactSum, denominator));
    const incomeKobo = this.incomeOf(year);
    const reserveKobo = Number((BigInt(incomeKobo) * BigInt(reserveBp) + BASIS_POINTS - 1n) / BASIS_POINTS);
    const sum = (pick: (line: YearEndLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
    const grossKobo = sum((line) => line.grossKobo);
    return {
      year,
      incomeKobo,
      interestKobo,
      reserveKobo,
      lines,
      grossKobo,
      taxKobo: sum((line) => line.taxKobo),
      netKobo: sum((line) => line.netKobo),
      roundingKobo: interestKobo - grossKobo,
      carriedForwardKobo: incomeKobo - reserveKobo - interestKobo,
    };
  }

  /** A member settled and left: out of the payroll loop for good. */
  recordExit(userId: string): void {
    this.left.add(userId);
  }

  hasLeft(userId: string): boolean {
    return this.left.has(userId);
  }
}
