import type { SavingsProductRules, SavingsProductView } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { savingsProducts } from '../../db/schema.ts';

export type SavingsProductDeps = { db: Database; now: () => Date };
export type Db = Database | Transaction;

type ProductRow = typeof savingsProducts.$inferSelect;

/** A stored product as the API answers it: the penalty's two columns read back as one rule. */
export function savingsProductView(row: ProductRow): SavingsProductView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    controlAccountId: row.controlAccountId,
    sharePriceKobo: row.sharePriceKobo,
    minimumHoldingKobo: row.minimumHoldingKobo,
    windowOpens: row.windowOpens,
    windowCloses: row.windowCloses,
    payoutOn: row.payoutOn,
    payoutTo: row.payoutTo,
    earlyWithdrawal: row.earlyWithdrawal,
    penalty:
      row.penaltyKind === 'percent' && row.penaltyValue !== null
        ? { kind: 'percent', basisPoints: row.penaltyValue }
        : row.penaltyKind === 'fixed' && row.penaltyValue !== null
          ? { kind: 'fixed', kobo: row.penaltyValue }
          : null,
    penaltyAccountId: row.penaltyAccountId,
    annualRateBp: row.annualRateBp,
    termMonths: row.termMonths,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

/** The rules as the table's columns, the control account given separately (it may be new). */
export function savingsProductColumns(rules: SavingsProductRules, controlAccountId: string) {
  const penalty = rules.penalty;
  return {
    name: rules.name,
    kind: rules.kind,
    controlAccountId,
    sharePriceKobo: rules.sharePriceKobo,
    minimumHoldingKobo: rules.minimumHoldingKobo,
    windowOpens: rules.windowOpens,
    windowCloses: rules.windowCloses,
    payoutOn: rules.payoutOn,
    payoutTo: rules.payoutTo,
    earlyWithdrawal: rules.earlyWithdrawal,
    penaltyKind: penalty?.kind ?? null,
    penaltyValue: penalty ? (penalty.kind === 'percent' ? penalty.basisPoints : penalty.kobo) : null,
    penaltyAccountId: penalty ? rules.penaltyAccountId : null,
    annualRateBp: rules.annualRateBp,
    termMonths: rules.termMonths,
  };
}
