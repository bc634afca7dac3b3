import type { Kobo, LoanFee, LoanProductRules, LoanProductView } from '@kobo/core';
import type { loanProducts } from '../../db/schema.ts';
import { penaltyColumns, penaltyRuleOfRow } from '../loan-penalties/penalty-columns.ts';

type ProductRow = typeof loanProducts.$inferSelect;

export function productRules(row: ProductRow): LoanProductRules {
  const fee: LoanFee =
    row.feeKind === 'percent'
      ? { kind: 'percent', basisPoints: row.feeValue as number }
      : row.feeKind === 'fixed'
        ? { kind: 'fixed', amount: row.feeValue as Kobo }
        : null;
  return {
    name: row.name,
    method: row.method,
    annualRateBp: row.annualRateBp,
    maxMonths: row.maxMonths,
    savingsMultiple: row.savingsMultiple,
    maxAmount: row.maxAmountKobo as Kobo,
    guarantorsRequired: row.guarantorsRequired,
    fee,
    overpayment: row.overpayment,
    earlyPayment: row.earlyPayment,
    securityProductIds: row.securityProductIds ?? null,
    kind: row.kind,
    markupBp: row.markupBp,
    lateCharity:
      row.charityKind === 'percent'
        ? { kind: 'percent', basisPoints: row.charityValue as number }
        : row.charityKind === 'fixed'
          ? { kind: 'fixed', amount: row.charityValue as Kobo }
          : null,
    penalty: penaltyRuleOfRow(row),
  };
}

export function productView(row: ProductRow): LoanProductView {
  const rules = productRules(row);
  return { id: row.id, ...rules, securityProductIds: row.securityProductIds ?? null, kind: row.kind, markupBp: row.markupBp, lateCharity: rules.lateCharity ?? null, penalty: rules.penalty ?? null, retired: row.retiredAt !== null, createdAt: row.createdAt.toISOString() };
}

/** The columns a product's rules are stored in. */
export function productColumns(rules: LoanProductRules) {
  return {
    name: rules.name,
    method: rules.method,
    annualRateBp: rules.annualRateBp,
    maxMonths: rules.maxMonths,
    savingsMultiple: rules.savingsMultiple,
    maxAmountKobo: rules.maxAmount,
    guarantorsRequired: rules.guarantorsRequired,
    feeKind: rules.fee?.kind ?? null,
    feeValue: rules.fee === null ? null : rules.fee.kind === 'percent' ? rules.fee.basisPoints : rules.fee.amount,
    overpayment: rules.overpayment,
    earlyPayment: rules.earlyPayment,
    securityProductIds: rules.securityProductIds ?? null,
    kind: rules.kind ?? 'interest',
    markupBp: rules.markupBp ?? null,
    charityKind: rules.lateCharity?.kind ?? null,
    charityValue: rules.lateCharity ? (rules.lateCharity.kind === 'percent' ? rules.lateCharity.basisPoints : rules.lateCharity.amount) : null,
    ...penaltyColumns(rules.penalty),
  };
}
