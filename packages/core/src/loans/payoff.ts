import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import { dueCutoff, outstandingPrincipal, owedInterest, owedPrincipal, type LoanPosition, type RepaymentAllocation } from './repayments.ts';

/**
 * A loan's payoff quote on a day (issue 33; COOPERATIVE.md "Loans in trouble"; docs/decisions/052):
 * outstanding principal + interest to the day by the loan's own rule + fees + penalties. The one
 * home of the payoff: the member exit (exits/settlement.ts) and the top-up ask it too.
 */
export type PayoffQuote = {
  principalKobo: Kobo;
  /** Interest of every instalment due by the day, the month in progress included (as the monthly run counts it). */
  interestKobo: Kobo;
  feeKobo: Kobo;
  penaltyKobo: Kobo;
  totalKobo: Kobo;
  /** The quote holds on its own day only: penalties may accrue daily (decision 052). */
  validUntil: IsoDate;
  /** What paying it writes on the loan: all principal and fee, the interest to date, the rest of the interest waived. */
  allocation: RepaymentAllocation;
};

/**
 * "Interest to date" is the interest of the instalments due by `day`, a month begun counting as
 * owed (dueCutoff: the monthly run deducts it); later instalments' interest is waived, since the
 * money is no longer borrowed. Penalties are the loan's outstanding ones (part B keeps them), or
 * as given.
 */
export function payoffQuote(
  position: Pick<LoanPosition, 'instalments' | 'feeOutstanding'> & { penaltyOutstanding?: Kobo | undefined },
  day: IsoDate,
  penaltiesOutstandingKobo: number = position.penaltyOutstanding ?? 0,
): PayoffQuote {
  const cutoff = dueCutoff(day);
  const lines = position.instalments
    .map((row) => {
      const due = row.dueDate < cutoff;
      return { number: row.number, principal: owedPrincipal(row) as Kobo, interest: (due ? owedInterest(row) : 0) as Kobo, interestWaived: (due ? 0 : owedInterest(row)) as Kobo };
    })
    .filter((line) => line.principal + line.interest + line.interestWaived > 0);
  const principalKobo = outstandingPrincipal(position);
  const interestKobo = lines.reduce((sum, line) => sum + line.interest, 0) as Kobo;
  const feeKobo = position.feeOutstanding;
  const penaltyKobo = penaltiesOutstandingKobo as Kobo;
  return {
    principalKobo,
    interestKobo,
    feeKobo,
    penaltyKobo,
    totalKobo: (principalKobo + interestKobo + feeKobo + penaltyKobo) as Kobo,
    validUntil: day,
    // `penalty` only when there is one, as a repayment's allocation carries it (part B).
    allocation: penaltyKobo > 0 ? { fee: feeKobo, lines, penalty: penaltyKobo } : { fee: feeKobo, lines },
  };
}
