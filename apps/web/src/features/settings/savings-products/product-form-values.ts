import { NEW_CONTROL_ACCOUNT, type PayoutDestination, type SavingsProductKind, type SavingsProductView } from '@kobo/core';

/** A day of the year as its two selects hold it: '' until chosen. */
export type DayOfYearValue = { day: string; month: string };

/** The product form's fields as typed: figures stay text until core's schema reads them exactly. */
export type SavingsProductFormValues = {
  name: string;
  kind: SavingsProductKind | '';
  controlAccountId: string;
  sharePricing: 'per_share' | 'amount';
  sharePrice: string;
  minimumHolding: string;
  windowOpens: DayOfYearValue;
  windowCloses: DayOfYearValue;
  payoutOn: DayOfYearValue;
  payoutTo: PayoutDestination | '';
  earlyWithdrawal: boolean;
  penaltyKind: 'none' | 'percent' | 'fixed';
  penaltyValue: string;
  penaltyAccountId: string;
  annualRate: string;
  termMonths: string;
};

const NO_DAY: DayOfYearValue = { day: '', month: '' };

export function emptyProduct(defaultPenaltyAccountId: string | null): SavingsProductFormValues {
  return {
    name: '',
    kind: '',
    controlAccountId: NEW_CONTROL_ACCOUNT,
    sharePricing: 'per_share',
    sharePrice: '',
    minimumHolding: '',
    windowOpens: NO_DAY,
    windowCloses: NO_DAY,
    payoutOn: NO_DAY,
    payoutTo: 'ordinary',
    earlyWithdrawal: false,
    penaltyKind: 'none',
    penaltyValue: '',
    penaltyAccountId: defaultPenaltyAccountId ?? '',
    annualRate: '',
    termMonths: '',
  };
}

/** '12-01' → { day: '1', month: '12' }. */
function dayValue(dayOfYear: string | null): DayOfYearValue {
  return dayOfYear ? { day: String(Number(dayOfYear.slice(3))), month: String(Number(dayOfYear.slice(0, 2))) } : NO_DAY;
}

/** Kobo and basis points shown as the naira and percent people typed; dividing by 100 only prints the figure. */
const hundredths = (value: number | null) => (value === null ? '' : String(value / 100));

/** A saved product back into the form's words. */
export function productFormValues(product: SavingsProductView, defaultPenaltyAccountId: string | null): SavingsProductFormValues {
  const penalty = product.penalty;
  return {
    name: product.name,
    kind: product.kind,
    controlAccountId: product.controlAccountId,
    sharePricing: product.kind === 'shares' && product.sharePriceKobo === null ? 'amount' : 'per_share',
    sharePrice: hundredths(product.sharePriceKobo),
    minimumHolding: hundredths(product.minimumHoldingKobo),
    windowOpens: dayValue(product.windowOpens),
    windowCloses: dayValue(product.windowCloses),
    payoutOn: dayValue(product.payoutOn),
    payoutTo: product.payoutTo ?? 'ordinary',
    earlyWithdrawal: product.earlyWithdrawal,
    penaltyKind: penalty ? penalty.kind : 'none',
    penaltyValue: penalty ? hundredths(penalty.kind === 'percent' ? penalty.basisPoints : penalty.kobo) : '',
    penaltyAccountId: product.penaltyAccountId ?? defaultPenaltyAccountId ?? '',
    annualRate: hundredths(product.annualRateBp),
    termMonths: product.termMonths === null ? '' : String(product.termMonths),
  };
}

/** The form's fields, in its order: the server may name one in a refusal, shown beside it. */
export const PRODUCT_FIELD_NAMES = Object.keys(emptyProduct(null)) as (keyof SavingsProductFormValues)[];

/** Whether a refusal's field is one of the form's own. */
export function isProductField(field: string): field is keyof SavingsProductFormValues {
  return (PRODUCT_FIELD_NAMES as readonly string[]).includes(field);
}
