import { asKobo, type Kobo } from '@kobo/core';

/**
 * A money column as read from the database (bigint comes back as text, sums as text or number)
 * to integer kobo: the one place a database number becomes Kobo. Core's asKobo refuses anything
 * past the safe-integer range (a server fault, answered 500), so nothing is ever rounded.
 */
export function koboFromDb(value: string | number | bigint | null | undefined): Kobo {
  return asKobo(Number(value ?? 0));
}
