import { asKobo, formatNaira, type Kobo } from '../money.ts';
import { divideHalfUp } from '../savings-products/products.ts';
import { roundHalfUp, sumExact, type Exact } from './exact.ts';

/**
 * One appropriated amount (the dividend, or one product's interest) shared among the members:
 * each gross rounded half up to the kobo, withholding tax taken from it (half up) to the payable
 * account, and what rounding leaves between the amount voted and the members' sum to the rounding
 * account, so the books take exactly the amount voted: Σ net + Σ tax + rounding = appropriated.
 */

export type DistributionLine<T> = T & { grossKobo: Kobo; taxKobo: Kobo; netKobo: Kobo };

export type Distribution<T> = {
  lines: DistributionLine<T>[];
  grossKobo: Kobo;
  taxKobo: Kobo;
  netKobo: Kobo;
  /** Appropriated less the members' gross: above 0 the rounding account keeps it, below 0 it pays it. */
  roundingKobo: Kobo;
  /** The members' exact total at the rate, rounded half up once: what the appropriation should say. */
  atRateKobo: Kobo;
  /** Beside the appropriated amount when it is not the rate's total (rounding explains nothing else). */
  problem: string | null;
};

/** The highest withholding tax rate, 100% in basis points. */
export const MAX_WITHHOLDING_TAX_BP = 10_000;

/** ₦2,666.67 at 10% → ₦266.67. */
export function withholdingTax(grossKobo: number, withholdingTaxBp: number): Kobo {
  return asKobo(divideHalfUp(BigInt(grossKobo) * BigInt(withholdingTaxBp), 10_000n));
}

export function distributeYearEnd<T extends { exact: Exact }>(input: {
  appropriatedKobo: number;
  withholdingTaxBp: number;
  members: readonly T[];
}): Distribution<T> {
  const { appropriatedKobo, withholdingTaxBp, members } = input;
  if (!Number.isSafeInteger(appropriatedKobo) || appropriatedKobo < 0) throw new RangeError(`An appropriated amount is whole kobo, at least 0, got ${appropriatedKobo}`);
  if (!Number.isSafeInteger(withholdingTaxBp) || withholdingTaxBp < 0 || withholdingTaxBp > MAX_WITHHOLDING_TAX_BP) {
    throw new RangeError(`Withholding tax is 0 to ${MAX_WITHHOLDING_TAX_BP} basis points, got ${withholdingTaxBp}`);
  }
  let grossKobo = 0;
  let taxKobo = 0;
  const lines = members.map((member) => {
    const gross = roundHalfUp(member.exact);
    const tax = withholdingTax(gross, withholdingTaxBp);
    grossKobo += gross;
    taxKobo += tax;
    return { ...member, grossKobo: asKobo(gross), taxKobo: tax, netKobo: asKobo(gross - tax) };
  });
  const atRateKobo = asKobo(roundHalfUp(sumExact(members.map((member) => member.exact))));
  return {
    lines,
    grossKobo: asKobo(grossKobo),
    taxKobo: asKobo(taxKobo),
    netKobo: asKobo(grossKobo - taxKobo),
    roundingKobo: asKobo(appropriatedKobo - grossKobo),
    atRateKobo,
    problem: appropriatedKobo === atRateKobo ? null : atRateProblem(atRateKobo, appropriatedKobo),
  };
}

/** 'At this rate the members' gross comes to ₦800,002.47, not the ₦800,000.00 appropriated'. */
export function atRateProblem(atRateKobo: number, appropriatedKobo: number): string {
  return `At this rate the members' gross comes to ${formatNaira(atRateKobo)}, not the ${formatNaira(appropriatedKobo)} appropriated`;
}
