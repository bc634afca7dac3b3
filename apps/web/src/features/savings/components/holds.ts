import { formatNaira } from '@kobo/core';

type Holds = { heldKobo: number; pendingKobo: number };

/**
 * Why part of a balance is not available, each reason with its amount: loans' liens (issue 12) and
 * withdrawals or transfers awaiting approval (issue 15, the part of `heldKobo` that is
 * `pendingKobo`). Empty when nothing is held.
 */
export function heldPhrases({ heldKobo, pendingKobo }: Holds): string[] {
  const loansKobo = heldKobo - pendingKobo;
  return [
    ...(loansKobo > 0 ? [`${formatNaira(loansKobo)} held against loans`] : []),
    ...(pendingKobo > 0 ? [`${formatNaira(pendingKobo)} awaiting approval`] : []),
  ];
}
