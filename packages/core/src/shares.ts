import type { Kobo } from './money.ts';
/**
 * Percentages and averages of money, from integer kobo, rounded once.
 * BigInt keeps part × 1000 exact even for totals near the ₦1 trillion cap, where a double would not be.
 */

/** part / total as a percentage rounded half-up to one decimal: 1 of 3 → 33.3. 0 when total is 0. */
export function percentOf(part: number, total: number): number {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(total) || part < 0 || total < 0) {
    throw new RangeError(`percentOf needs non-negative whole kobo, got ${part} of ${total}`);
  }
  if (total === 0) return 0;
  return Number(divideRoundingHalfUp(BigInt(part) * 1000n, BigInt(total))) / 10;
}

/** A total spread over `days`, rounded half-up to whole kobo (a report's average daily expenses). */
export function averagePerDay(totalKobo: number, days: number): Kobo {
  if (!Number.isSafeInteger(totalKobo) || totalKobo < 0 || !Number.isSafeInteger(days) || days < 1) {
    throw new RangeError(`averagePerDay needs whole kobo and at least one day, got ${totalKobo} over ${days}`);
  }
  return Number(divideRoundingHalfUp(BigInt(totalKobo), BigInt(days))) as Kobo;
}

/** Each share with its percentage of the shares' sum; the sum is exact because it adds integers. */
export function withPercents<T extends { amountKobo: number }>(shares: readonly T[]): { totalKobo: number; shares: (T & { percent: number })[] } {
  const totalKobo = sumKobo(shares.map((share) => share.amountKobo));
  return { totalKobo, shares: shares.map((share) => ({ ...share, percent: percentOf(share.amountKobo, totalKobo) })) };
}

export function sumKobo(amounts: readonly number[]): Kobo {
  let sum = 0n;
  for (const amount of amounts) sum += BigInt(amount);
  const result = Number(sum);
  if (!Number.isSafeInteger(result)) throw new RangeError('The sum is beyond what Kobo can count exactly');
  return result as Kobo;
}

function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
