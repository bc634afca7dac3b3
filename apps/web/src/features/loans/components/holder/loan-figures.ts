import { formatCharityRule, formatFeeRule, formatMultiple, formatNaira, instalmentOwed, productChargeLabel, type InstalmentPosition, type Kobo, type LoanProductView, type LoanView } from '@kobo/core';


/** The first instalment not fully paid, and what it still owes; null once everything is paid. */
export function nextInstalment(instalments: InstalmentPosition[]): { dueDate: string; owedKobo: Kobo } | null {
  const next = instalments.find((instalment) => instalmentOwed(instalment) > 0);
  return next ? { dueDate: next.dueDate, owedKobo: instalmentOwed(next) } : null;
}

/**
 * A product's terms in a line each, for choosing between products; `whose` savings they lend
 * against: the holder reading them, or the member an officer applies for.
 */
export function productTerms(product: LoanProductView, whose: 'your' | 'their' = 'your'): { label: string; value: string }[] {
  return [
    productChargeLabel(product),
    { label: 'Longest term', value: `${product.maxMonths} months` },
    { label: 'Borrow up to', value: `${formatMultiple(product.savingsMultiple)} ${whose} savings, at most ${formatNaira(product.maxAmount)}` },
    { label: 'Guarantors', value: product.guarantorsRequired === 0 ? 'None needed' : String(product.guarantorsRequired) },
    { label: product.kind === 'qard_hasan' ? 'Administrative fee' : 'Processing fee', value: formatFeeRule(product.fee) },
    ...(product.kind === 'murabaha' ? [{ label: 'Late payment', value: formatCharityRule(product.lateCharity) }] : []),
  ];
}

/** The signed-in person's own row among a loan's guarantors, if they are one. */
export function myGuarantee(loan: LoanView, myUserId: string | undefined) {
  return myUserId ? loan.guarantors.find((guarantor) => guarantor.userId === myUserId) : undefined;
}
