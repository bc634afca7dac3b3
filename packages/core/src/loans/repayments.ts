import { MESSAGES } from '../messages.ts';
import { formatNaira, type Kobo } from '../money.ts';
import { addDays, daysInRange, type IsoDate } from '../periods.ts';
import type { PenaltyOrder } from './penalties.ts';
import type { EarlyPaymentRule, OverpaymentRule } from './products.ts';
import type { Instalment, LoanSchedule } from './schedule.ts';

/**
 * Where a repayment goes, and what is overdue (issue 12; COOPERATIVE.md "Loans"): fees, then
 * interest due, then principal due, oldest instalment first. An instalment counts as due from the
 * start of its month (payroll pays before the month ends). Money beyond what is due is refused, or
 * does what the loan's early-payment rule says (issue 26, docs/decisions/038): pays the next
 * instalments in advance, in order, interest as scheduled; repays principal from the last
 * instalment backwards, which shortens the term and drops the interest of every instalment it
 * clears; or lowers every instalment still ahead in proportion, principal and interest alike.
 */
export type InstalmentPosition = {
  number: number;
  dueDate: IsoDate;
  principal: Kobo;
  interest: Kobo;
  principalPaid: Kobo;
  interestPaid: Kobo;
  /** Interest no longer owed because early repayment cleared the instalment's principal. */
  interestWaived: Kobo;
};

export type LoanPosition = {
  feeOutstanding: Kobo;
  instalments: InstalmentPosition[];
  overpayment: OverpaymentRule;
  /** What money beyond what is due does when it is taken; absent, it pays the next instalments in advance. */
  earlyPayment?: EarlyPaymentRule;
  /** Issue 33: penalties charged and not yet paid or waived; absent, none. */
  penaltyOutstanding?: Kobo;
  /** Issue 33: penalties are paid before everything else (the default) or after the principal due. */
  penaltyOrder?: PenaltyOrder;
};

export type RepaymentLine = { number: number; interest: Kobo; principal: Kobo; interestWaived: Kobo };
/** `penalty` is present only when a repayment pays penalties (issue 33), so older allocations read as before. */
export type RepaymentAllocation = { fee: Kobo; lines: RepaymentLine[]; penalty?: Kobo };

export type RepaymentOutcome = { ok: true; allocation: RepaymentAllocation } | { ok: false; problem: string };

/** Interest one instalment still owes: scheduled, less paid or waived. */
export const owedInterest = (row: InstalmentPosition) => row.interest - row.interestPaid - row.interestWaived;
/** Principal one instalment still owes. */
export const owedPrincipal = (row: InstalmentPosition) => row.principal - row.principalPaid;

/** What one instalment still owes: its principal and interest, less what was paid or waived. */
export function instalmentOwed(row: InstalmentPosition): Kobo {
  return (owedInterest(row) + owedPrincipal(row)) as Kobo;
}

/** Principal still owed across the loan. */
export function outstandingPrincipal(position: Pick<LoanPosition, 'instalments'>): Kobo {
  return position.instalments.reduce((sum, row) => sum + owedPrincipal(row), 0) as Kobo;
}

/** Everything the loan is still scheduled to take: fee, interest not waived, principal. */
export function outstandingTotal(position: LoanPosition): Kobo {
  return (penaltyOf(position) + position.feeOutstanding + position.instalments.reduce((sum, row) => sum + owedInterest(row) + owedPrincipal(row), 0)) as Kobo;
}

function penaltyOf(position: Pick<LoanPosition, 'penaltyOutstanding'>): number {
  return position.penaltyOutstanding ?? 0;
}

/**
 * The first day of the month after `valueDate`'s. An instalment counts as due from the start of its
 * month, so it is due on `valueDate` exactly when its due date is before this day. Computed once per
 * loan and compared as text (a payroll batch asks for 10,000 loans' instalments several times over).
 */
export function dueCutoff(valueDate: IsoDate): string {
  const year = Number(valueDate.slice(0, 4));
  const month = Number(valueDate.slice(5, 7));
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${valueDate.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
}

/** What is due on `valueDate`: the fee, and every unpaid instalment due in its month or before. */
export function amountDue(position: LoanPosition, valueDate: IsoDate): Kobo {
  const cutoff = dueCutoff(valueDate);
  let sum = penaltyOf(position) + position.feeOutstanding;
  for (const row of position.instalments) if (row.dueDate < cutoff) sum += owedInterest(row) + owedPrincipal(row);
  return sum as Kobo;
}

/**
 * The most that can be repaid on `valueDate`: what is due, plus, when the product takes early
 * repayment, what the instalments ahead can take: all of them, interest included, when paid in
 * advance; their principal when it shortens the term or lowers the instalments (interest is for
 * months money is borrowed).
 */
export function payoffAmount(position: LoanPosition, valueDate: IsoDate): Kobo {
  if (position.overpayment === 'refuse') return amountDue(position, valueDate);
  if (earlyPaymentOf(position) === 'pay_ahead') return outstandingTotal(position);
  // What is due, and the principal of the instalments ahead, in one pass.
  const cutoff = dueCutoff(valueDate);
  let sum = penaltyOf(position) + position.feeOutstanding;
  for (const row of position.instalments) sum += row.dueDate < cutoff ? owedInterest(row) + owedPrincipal(row) : owedPrincipal(row);
  return sum as Kobo;
}

function earlyPaymentOf(position: LoanPosition): EarlyPaymentRule {
  return position.earlyPayment ?? 'pay_ahead';
}

/**
 * `surplus` (at most the principal still ahead) spread over the instalments ahead in proportion to
 * the principal each still owes, so their number stays and each is smaller: the same share of each
 * one's interest is waived, as re-deriving the schedule on the smaller principal over the same
 * months gives (exactly so for reducing balance, whose instalments scale with the principal).
 * Shares are rounded down; the odd kobo of principal goes on the last instalments, which absorb
 * the rounding as they do in a new schedule. Paying all the principal ahead waives all its interest.
 */
function lowerInstalments(ahead: readonly InstalmentPosition[], surplus: Kobo): RepaymentLine[] {
  const principalAhead = BigInt(ahead.reduce((sum, row) => sum + owedPrincipal(row), 0));
  const share = (value: number) => Number((BigInt(value) * BigInt(surplus)) / principalAhead);
  const lines = ahead.map((row) => ({
    number: row.number,
    interest: 0 as Kobo,
    principal: share(owedPrincipal(row)) as Kobo,
    interestWaived: (BigInt(surplus) === principalAhead ? owedInterest(row) : share(owedInterest(row))) as Kobo,
  }));
  let odd = surplus - lines.reduce((sum, line) => sum + line.principal, 0);
  // Fewer odd kobo than instalments with principal left, and each keeps at least a kobo after its share.
  for (const [index, row] of [...ahead.entries()].toReversed()) {
    if (odd === 0) break;
    const line = lines[index] as RepaymentLine;
    if (line.principal < owedPrincipal(row)) {
      line.principal = (line.principal + 1) as Kobo;
      odd -= 1;
    }
  }
  return lines.filter((line) => line.principal + line.interestWaived > 0);
}

export function allocateRepayment(position: LoanPosition, amount: Kobo, valueDate: IsoDate): RepaymentOutcome {
  return allocateWithin(position, amount, valueDate, payoffAmount(position, valueDate));
}

/** allocateRepayment, given the loan's payoff on `valueDate` (splitRepayment has it already). */
function allocateWithin(position: LoanPosition, amount: Kobo, valueDate: IsoDate, payoff: Kobo): RepaymentOutcome {
  const cutoff = dueCutoff(valueDate);
  if (amount > payoff) {
    if (position.overpayment === 'refuse' && payoff < outstandingTotal(position)) {
      return { ok: false, problem: `This repayment is more than the ${formatNaira(amountDue(position, valueDate))} due; this loan takes no early repayment` };
    }
    return { ok: false, problem: `This repayment is more than the ${formatNaira(payoff)} outstanding` };
  }
  let left = amount as number;
  // Penalties first unless the product says after the principal due (issue 33).
  const penaltyOrder = position.penaltyOrder ?? 'first';
  let penalty = penaltyOrder === 'first' ? Math.min(left, penaltyOf(position)) : 0;
  left -= penalty;
  const fee = Math.min(left, position.feeOutstanding);
  left -= fee;
  const lines = new Map<number, RepaymentLine>();
  const lineFor = (number: number) => {
    const line = lines.get(number) ?? { number, interest: 0 as Kobo, principal: 0 as Kobo, interestWaived: 0 as Kobo };
    lines.set(number, line);
    return line;
  };
  const rule = earlyPaymentOf(position);
  const payInOrder = (rows: readonly InstalmentPosition[]) => {
    for (const row of rows) {
      if (left === 0) break;
      const interest = Math.min(left, owedInterest(row));
      left -= interest;
      const principal = Math.min(left, owedPrincipal(row));
      left -= principal;
      if (interest + principal > 0) Object.assign(lineFor(row.number), { interest, principal });
    }
  };
  const done = (): RepaymentOutcome => {
    const allocation: RepaymentAllocation = { fee: fee as Kobo, lines: [...lines.values()].toSorted((a, b) => a.number - b.number) };
    if (penalty > 0) allocation.penalty = penalty as Kobo;
    return { ok: true, allocation };
  };
  payInOrder(position.instalments.filter((row) => row.dueDate < cutoff));
  if (penaltyOrder === 'after_principal') {
    penalty = Math.min(left, penaltyOf(position));
    left -= penalty;
  }
  // Paid in advance, the instalments ahead are paid as the due ones are: in order, interest as scheduled.
  if (rule === 'pay_ahead') payInOrder(position.instalments.filter((row) => row.dueDate >= cutoff));
  if (left === 0) return done();
  const ahead = position.instalments.filter((row) => row.dueDate >= cutoff);
  if (left > 0 && rule === 'reduce_instalment') {
    for (const line of lowerInstalments(ahead, left as Kobo)) Object.assign(lineFor(line.number), line);
    left = 0;
  }
  // What is left repays principal early, from the last instalment back; a cleared instalment's interest is waived.
  for (const row of ahead.toReversed()) {
    if (left === 0) break;
    const principal = Math.min(left, owedPrincipal(row));
    left -= principal;
    if (principal === 0) continue;
    const line = lineFor(row.number);
    line.principal = principal as Kobo;
    if (principal === owedPrincipal(row)) line.interestWaived = owedInterest(row) as Kobo;
  }
  return done();
}

export type Arrears = { amountOverdue: Kobo; daysInArrears: number; instalmentsOverdue: number };

/** Unpaid instalments whose due date has passed by `today`, how much they owe, and for how long the oldest has waited. */
export function arrearsOn(position: Pick<LoanPosition, 'instalments'>, today: IsoDate): Arrears {
  const overdue = position.instalments.filter((row) => row.dueDate < today && owedInterest(row) + owedPrincipal(row) > 0);
  const oldest = overdue[0];
  return {
    amountOverdue: overdue.reduce((sum, row) => sum + owedInterest(row) + owedPrincipal(row), 0) as Kobo,
    // Days after the due date: the day after it is the first day in arrears.
    daysInArrears: oldest ? daysInRange({ from: addDays(oldest.dueDate, 1), to: today }) : 0,
    instalmentsOverdue: overdue.length,
  };
}

/** Where a loan stands once `allocation` is paid (or, with `sign` −1, once it is undone by a reversal). */
export function positionAfter(position: LoanPosition, allocation: RepaymentAllocation, sign: 1 | -1 = 1): LoanPosition {
  const lines = new Map(allocation.lines.map((line) => [line.number, line]));
  return {
    ...position,
    feeOutstanding: (position.feeOutstanding - sign * allocation.fee) as Kobo,
    ...(allocation.penalty ? { penaltyOutstanding: (penaltyOf(position) - sign * allocation.penalty) as Kobo } : {}),
    instalments: position.instalments.map((row) => {
      const line = lines.get(row.number);
      if (!line) return row;
      return {
        ...row,
        interestPaid: (row.interestPaid + sign * line.interest) as Kobo,
        principalPaid: (row.principalPaid + sign * line.principal) as Kobo,
        interestWaived: (row.interestWaived + sign * line.interestWaived) as Kobo,
      };
    }),
  };
}

/**
 * A disbursed loan's schedule re-derived from where it stands (issue 26): an instalment paid in
 * full shows what it took; one still open shows what it still owes, so the open ones add up to the
 * outstanding total less any fee outstanding, whatever was paid early, how, or reversed since.
 * `principalAfter` is the principal the later instalments still owe.
 */
export function scheduleAsItStands(position: Pick<LoanPosition, 'instalments'>): LoanSchedule {
  let principalAfter = outstandingPrincipal(position) as number;
  const instalments = position.instalments.map((row): Instalment => {
    const isPaid = instalmentOwed(row) === 0;
    const principal = isPaid ? row.principalPaid : owedPrincipal(row);
    const interest = isPaid ? row.interestPaid : owedInterest(row);
    principalAfter -= owedPrincipal(row);
    return { number: row.number, dueDate: row.dueDate, principal: principal as Kobo, interest: interest as Kobo, total: (principal + interest) as Kobo, principalAfter: principalAfter as Kobo };
  });
  const charged = position.instalments.reduce((sum, row) => sum + row.principal + row.interest - row.interestWaived, 0);
  const totalInterest = position.instalments.reduce((sum, row) => sum + row.interest - row.interestWaived, 0);
  const open = instalments.filter((_, index) => instalmentOwed(position.instalments[index] as InstalmentPosition) > 0);
  // The monthly figure is the next open instalment not already part paid in the ordinary way (interest first).
  const next = open.find((row) => (position.instalments.find((each) => each.number === row.number) as InstalmentPosition).interestPaid === 0) ?? open[0];
  return {
    instalments,
    monthlyInstalment: (next ?? instalments[0])?.total ?? (0 as Kobo),
    totalInterest: totalInterest as Kobo,
    totalRepayable: charged as Kobo,
  };
}

export type RepaymentPart = { index: number; amount: Kobo; allocation: RepaymentAllocation };

/**
 * One payroll deduction across a member's active loans, oldest first (the monthly run's repayment
 * column): each loan takes what it can (its payoff, or only what is due when it takes no early
 * repayment) until the money is placed. More than all of them can take is refused, naming the most.
 */
export function splitRepayment(
  positions: readonly LoanPosition[],
  amount: Kobo,
  valueDate: IsoDate,
): { ok: true; parts: RepaymentPart[] } | { ok: false; problem: string } {
  if (positions.length === 0) return { ok: false, problem: MESSAGES.noActiveLoanToRepay };
  const payoffs = positions.map((position) => payoffAmount(position, valueDate));
  const most = payoffs.reduce((sum, payoff) => sum + payoff, 0);
  if (amount > most) return { ok: false, problem: `This repayment is more than the ${formatNaira(most)} this member's loans can take` };
  const parts: RepaymentPart[] = [];
  let left = amount as number;
  for (const [index, position] of positions.entries()) {
    if (left === 0) break;
    const share = Math.min(left, payoffs[index] as Kobo) as Kobo;
    if (share === 0) continue;
    const outcome = allocateWithin(position, share, valueDate, payoffs[index] as Kobo);
    if (!outcome.ok) return outcome;
    parts.push({ index, amount: share, allocation: outcome.allocation });
    left -= share;
  }
  return { ok: true, parts };
}
