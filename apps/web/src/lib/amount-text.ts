/** The amount field's text (components/amount-input.tsx): naira as typed, two decimals at most. */

const PLAIN_AMOUNT = /^\d*(\.\d{0,2})?$/;

/** '1,234.5' → '1234.5'; null when the text is not (the start of) an amount: a letter, a minus, a third decimal. */
export function plainAmount(typed: string): string | null {
  const plain = typed.replace(/,/g, '').trim();
  return PLAIN_AMOUNT.test(plain) ? plain : null;
}

/** '1234.5' → '1,234.5'; text that is not an amount is shown as it is. */
export function withSeparators(amount: string): string {
  const plain = amount.replace(/,/g, '');
  if (!PLAIN_AMOUNT.test(plain)) return amount;
  const [whole = '', fraction] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** One kobo up or down, never below zero: '10' ↑ → '10.01'. */
export function stepAmount(amount: string, direction: 1 | -1): string {
  const plain = plainAmount(amount) ?? '';
  const [whole = '0', fraction = ''] = plain.split('.');
  const kobo = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0') || '0') + BigInt(direction);
  const next = kobo < 0n ? 0n : kobo;
  return `${next / 100n}.${String(next % 100n).padStart(2, '0')}`;
}
