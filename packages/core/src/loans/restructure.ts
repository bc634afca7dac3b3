import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { PayrollMonth } from '../value-dates.ts';
import { MAX_LOAN_MONTHS } from './products.ts';
import { dueCutoff, instalmentOwed, outstandingPrincipal, owedInterest, type InstalmentPosition, type LoanPosition } from './repayments.ts';
import { loanSchedule, type InterestMethod } from './schedule.ts';

/**
 * A restructure (issue 33; docs/decisions/052): the unpaid part of a loan's schedule replaced by a
 * new one on the outstanding principal, at the loan's own rate and method, from the month after the
 * day it takes effect. Interest of instalments already due (the month in progress included, as the
 * run counts it) and unpaid is not forgiven: it is carried onto the first new instalment. Interest
 * of instalments not yet due is dropped; the new schedule charges its own.
 */
export type RestructureAsk = { months: number } | { instalmentKobo: Kobo };

export type RestructurePlan = {
  /** Instalments part paid: closed at what was paid (their principal and interest become the paid figures). */
  closed: InstalmentPosition[];
  /** Instalments nothing was paid on: removed, replaced by `added`. */
  removed: number[];
  added: { number: number; dueDate: IsoDate; principal: Kobo; interest: Kobo }[];
  months: number;
  principalKobo: Kobo;
  carriedInterestKobo: Kobo;
  /** The new monthly instalment (the first also carries the interest already due). */
  monthlyInstalmentKobo: Kobo;
};

export type RestructureOutcome = { ok: true; plan: RestructurePlan } | { ok: false; problem: 'no_principal' | 'instalment_too_small' };

/** Interest carried onto new instalment `index`: all on the first, or (a fixed charge) spread evenly, the last absorbing the rounding. */
function carriedOn(index: number, months: number, carried: number, isSpread: boolean): number {
  if (!isSpread) return index === 0 ? carried : 0;
  const each = Math.floor(carried / months);
  return index === months - 1 ? carried - each * (months - 1) : each;
}

/** Something was paid or waived on it: it is kept, closed at what was paid, rather than removed. */
function isTouched(row: InstalmentPosition): boolean {
  return row.principalPaid > 0 || row.interestPaid > 0 || row.interestWaived > 0;
}

export function restructurePlan(
  position: Pick<LoanPosition, 'instalments'>,
  /** `isFixedCharge`: a murabaha's markup is a price fixed at the start; what is unpaid of it is spread over the new instalments, none added or forgiven. */
  terms: { annualRateBp: number; method: InterestMethod; isFixedCharge?: boolean },
  ask: RestructureAsk,
  day: IsoDate,
): RestructureOutcome {
  const principalKobo = outstandingPrincipal(position);
  if (principalKobo <= 0) return { ok: false, problem: 'no_principal' };
  const cutoff = dueCutoff(day);
  const open = position.instalments.filter((row) => instalmentOwed(row) > 0);
  const carriedInterestKobo = open.filter((row) => terms.isFixedCharge || row.dueDate < cutoff).reduce((sum, row) => sum + owedInterest(row), 0) as Kobo;
  const month = day.slice(0, 7) as PayrollMonth;
  const scheduleFor = (months: number) => loanSchedule({ principal: principalKobo, annualRateBp: terms.isFixedCharge ? 0 : terms.annualRateBp, months, method: terms.method }, month);
  let months: number | null = 'months' in ask ? ask.months : null;
  if (months === null && 'instalmentKobo' in ask) {
    // The shortest term whose instalment is at most the one asked for.
    for (let candidate = 1; candidate <= MAX_LOAN_MONTHS && months === null; candidate += 1) {
      if (scheduleFor(candidate).monthlyInstalment <= ask.instalmentKobo) months = candidate;
    }
  }
  if (months === null) return { ok: false, problem: 'instalment_too_small' };
  const schedule = scheduleFor(months);
  const closed = open.filter(isTouched).map((row) => ({ ...row, principal: row.principalPaid, interest: (row.interestPaid + row.interestWaived) as Kobo }));
  const kept = position.instalments.filter((row) => instalmentOwed(row) === 0 || isTouched(row));
  const first = kept.reduce((max, row) => Math.max(max, row.number), 0) + 1;
  return {
    ok: true,
    plan: {
      closed,
      removed: open.filter((row) => !isTouched(row)).map((row) => row.number),
      added: schedule.instalments.map((row, index) => ({
        number: first + index,
        dueDate: row.dueDate,
        principal: row.principal,
        interest: (row.interest + carriedOn(index, months as number, carriedInterestKobo, terms.isFixedCharge === true)) as Kobo,
      })),
      months,
      principalKobo,
      carriedInterestKobo,
      monthlyInstalmentKobo: schedule.monthlyInstalment,
    },
  };
}
