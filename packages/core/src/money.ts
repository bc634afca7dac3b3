/**
 * Money is integer kobo (1 naira = 100 kobo) everywhere inside Kobo; naira appear only at the edges.
 * A branded type keeps a naira number from being passed where kobo is expected.
 */
export type Kobo = number & { readonly __unit: 'kobo' };

/** ₦1,000,000,000,000.00 (DECISIONS 11): far above any real amount, far below 2^53. */
export const MAX_AMOUNT_KOBO = 100_000_000_000_000 as Kobo;

export function isKobo(value: unknown): value is Kobo {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function asKobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of kobo: ${value}`);
  return value as Kobo;
}

const NAIRA_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses what a person typed ('1,250.50', '₦ 40', '0.5') into kobo without float arithmetic.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseNaira(input: string | number): Kobo | null {
  const text = (typeof input === 'number' ? numberToPlainString(input) : input)
    .trim()
    .replace(/^₦\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = NAIRA_PATTERN.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo)) return null;
  return kobo as Kobo;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // toString would give '1e+21' for huge values; those are rejected by the pattern anyway.
  return String(value);
}

/** formatNaira(125050) → '₦1,250.50' (SPEC 9: NGN in the en-NG locale). */
export function formatNaira(kobo: Kobo | number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.trunc(abs / 100);
  const fraction = abs % 100;
  // The whole naira grouped in threes, then the exact kobo: no float division of money. What
  // Intl.NumberFormat('en-NG', NGN) writes (money.test.ts holds the two together), without making
  // one: making it loads the locale's data, about 40 ms of a slow phone's first screen (issue 34).
  return `${sign}₦${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}.${String(fraction).padStart(2, '0')}`;
}

/** Naira as a plain decimal string for inputs and exports: 125050 → '1250.50'. */
export function koboToNairaString(kobo: Kobo | number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
