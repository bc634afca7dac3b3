import type { EarlyPaymentRule, LoanKind, LoanProductView, OverpaymentRule } from '@kobo/core';
import { EMPTY_PENALTY, penaltyBody, penaltyFormValues, withoutPenalty, type PenaltyFormValues } from './penalty-form-values.ts';

/** The product form's fields as typed: figures stay text until core's schema reads them exactly. */
export type ProductFormValues = {
  name: string;
  method: 'flat' | 'reducing';
  annualRate: string;
  maxMonths: string;
  savingsMultiple: string;
  maxAmount: string | number;
  guarantorsRequired: string;
  feeKind: 'none' | 'percent' | 'fixed';
  feeValue: string | number;
  overpayment: OverpaymentRule;
  earlyPayment: EarlyPaymentRule;
  /** Issue 29: the savings products that secure the loan; null for ordinary savings plus every shares product. */
  securityProductIds: string[] | null;
  /** Issue 33: what the product charges; a murabaha's markup (%) and late-payment charity donation. */
  kind: LoanKind;
  markup: string;
  charityKind: 'none' | 'percent' | 'fixed';
  charityValue: string | number;
} & PenaltyFormValues;

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  method: 'reducing',
  annualRate: '',
  maxMonths: '',
  savingsMultiple: '',
  maxAmount: '',
  guarantorsRequired: '0',
  feeKind: 'none',
  feeValue: '',
  overpayment: 'reduce_term',
  earlyPayment: 'pay_ahead',
  securityProductIds: null,
  kind: 'interest',
  markup: '',
  charityKind: 'none',
  charityValue: '',
  ...EMPTY_PENALTY,
};

const hundredths = (value: number) => String(value / 100);

/**
 * A saved product back into the form's words: basis points and hundredths as the percent and
 * multiple people typed. Dividing by 100 here only prints the figure; no money is computed.
 */
export function productFormValues(product: LoanProductView): ProductFormValues {
  const fee = product.fee;
  return {
    name: product.name,
    method: product.method,
    annualRate: hundredths(product.annualRateBp),
    maxMonths: String(product.maxMonths),
    savingsMultiple: hundredths(product.savingsMultiple),
    maxAmount: hundredths(product.maxAmount),
    guarantorsRequired: String(product.guarantorsRequired),
    feeKind: fee ? fee.kind : 'none',
    feeValue: fee ? hundredths(fee.kind === 'percent' ? fee.basisPoints : fee.amount) : '',
    overpayment: product.overpayment,
    earlyPayment: product.earlyPayment,
    securityProductIds: product.securityProductIds,
    kind: product.kind,
    markup: product.markupBp === null ? '' : hundredths(product.markupBp),
    charityKind: product.lateCharity ? product.lateCharity.kind : 'none',
    charityValue: product.lateCharity ? hundredths(product.lateCharity.kind === 'percent' ? product.lateCharity.basisPoints : product.lateCharity.amount) : '',
    ...penaltyFormValues(product),
  };
}

/** The body as the API takes it: no fee value unless a fee is charged. */
export function productBody(values: ProductFormValues) {
  const { feeValue, markup, charityKind, charityValue, ...withPenalty } = values;
  // Issue 33, penalties: only the fields the chosen penalty takes (penalty-form-values.ts).
  const rest = { ...withoutPenalty(withPenalty), ...(values.kind === 'murabaha' ? { penaltyKind: 'none' as const } : penaltyBody(values)) };
  const withFee = values.feeKind === 'none' ? rest : { ...rest, feeValue };
  // Issue 33: only a murabaha sends a markup and a charity donation; a product without interest sends no rate.
  if (values.kind !== 'murabaha') return values.kind === 'interest' ? withFee : { ...withFee, annualRate: '' };
  return { ...withFee, annualRate: '', markup, charityKind, ...(charityKind === 'none' ? {} : { charityValue }) };
}
