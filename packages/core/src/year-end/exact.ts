import { divideHalfUp } from '../savings-products/products.ts';

/**
 * An exact figure in kobo as a fraction (numerator ÷ denominator, both bigint, never below 0), so a
 * member's interest is rounded once, half up, and a test can say how far the kobo is from the truth.
 */
export type Exact = { numerator: bigint; denominator: bigint };

export function exactKobo(numerator: bigint, denominator: bigint): Exact {
  if (denominator <= 0n || numerator < 0n) throw new RangeError(`An exact figure is at least 0 over a positive denominator, got ${numerator}/${denominator}`);
  return { numerator, denominator };
}

/** Half up to the kobo: 266,666.67 → 266,667; 250,410.96 → 250,411; 0.5 → 1. */
export function roundHalfUp(value: Exact): number {
  return divideHalfUp(value.numerator, value.denominator);
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The sum of exact figures, reduced; a run's members share one denominator, so it stays small. */
export function sumExact(values: readonly Exact[]): Exact {
  let total = exactKobo(0n, 1n);
  for (const value of values) {
    const common = (total.denominator / gcd(total.denominator, value.denominator)) * value.denominator;
    const numerator = total.numerator * (common / total.denominator) + value.numerator * (common / value.denominator);
    const divisor = gcd(numerator, common);
    total = { numerator: numerator / divisor, denominator: common / divisor };
  }
  return total;
}

/** Whether `kobo` is within half a kobo of `value` (what rounding half up promises). */
export function isWithinHalfKobo(value: Exact, kobo: number): boolean {
  const gap = BigInt(kobo) * value.denominator - value.numerator;
  return 2n * (gap < 0n ? -gap : gap) <= value.denominator;
}
