import type { LoanProductView } from '@kobo/core';

/** Issue 33: the product form's penalty fields as typed (docs/decisions/053-loan-penalties.md). */
export type PenaltyFormValues = {
  penaltyKind: 'none' | 'flat' | 'percent';
  penaltyValue: string | number;
  penaltyFrequency: 'once' | 'monthly';
  penaltyGraceDays: string;
  penaltyCapKind: 'none' | 'amount' | 'percent';
  penaltyCapValue: string | number;
  penaltyOrder: 'first' | 'after_principal';
};

export const EMPTY_PENALTY: PenaltyFormValues = {
  penaltyKind: 'none',
  penaltyValue: '',
  penaltyFrequency: 'monthly',
  penaltyGraceDays: '0',
  penaltyCapKind: 'none',
  penaltyCapValue: '',
  penaltyOrder: 'first',
};

const hundredths = (value: number) => String(value / 100);

/** A saved product's penalty back into the form's words (dividing by 100 only prints the figure). */
export function penaltyFormValues(product: LoanProductView): PenaltyFormValues {
  const rule = product.penalty;
  if (!rule) return EMPTY_PENALTY;
  return {
    penaltyKind: rule.kind,
    penaltyValue: hundredths(rule.value),
    penaltyFrequency: rule.frequency,
    penaltyGraceDays: String(rule.graceDays),
    penaltyCapKind: rule.cap ? rule.cap.kind : 'none',
    penaltyCapValue: rule.cap ? hundredths(rule.cap.kind === 'amount' ? rule.cap.amount : rule.cap.basisPoints) : '',
    penaltyOrder: rule.order,
  };
}

/** The form's values without the penalty fields (penaltyBody adds back those the chosen penalty takes). */
export function withoutPenalty<T extends PenaltyFormValues>(values: T): Omit<T, keyof PenaltyFormValues> {
  const { penaltyKind: _kind, penaltyValue: _value, penaltyFrequency: _frequency, penaltyGraceDays: _grace, penaltyCapKind: _capKind, penaltyCapValue: _capValue, penaltyOrder: _order, ...rest } = values;
  return rest;
}

/** The penalty fields as the API takes them: none but the kind when there is no penalty, no cap figure without a cap. */
export function penaltyBody(values: PenaltyFormValues): Partial<PenaltyFormValues> {
  if (values.penaltyKind === 'none') return { penaltyKind: 'none' };
  const { penaltyCapValue, ...rest } = values;
  return values.penaltyCapKind === 'none' ? rest : { ...rest, penaltyCapValue };
}
