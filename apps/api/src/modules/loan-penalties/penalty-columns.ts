import type { Kobo, LoanPenaltyRule } from '@kobo/core';
import type { loanProducts } from '../../db/schema.ts';

type PenaltyColumns = Pick<typeof loanProducts.$inferSelect, 'penaltyKind' | 'penaltyValue' | 'penaltyFrequency' | 'penaltyGraceDays' | 'penaltyCapKind' | 'penaltyCapValue' | 'penaltyOrder'>;

/** A product row's penalty rule (issue 33); null when it charges none. */
export function penaltyRuleOfRow(row: PenaltyColumns): LoanPenaltyRule | null {
  if (!row.penaltyKind || row.penaltyValue === null) return null;
  const capValue = row.penaltyCapValue ?? 0;
  return {
    kind: row.penaltyKind,
    value: row.penaltyValue,
    frequency: row.penaltyFrequency,
    graceDays: row.penaltyGraceDays,
    cap: row.penaltyCapKind === 'amount' ? { kind: 'amount', amount: capValue as Kobo } : row.penaltyCapKind === 'percent' ? { kind: 'percent', basisPoints: capValue } : null,
    order: row.penaltyOrder,
  };
}

/** The columns a penalty rule is stored in. */
export function penaltyColumns(rule: LoanPenaltyRule | null | undefined): PenaltyColumns {
  return {
    penaltyKind: rule?.kind ?? null,
    penaltyValue: rule?.value ?? null,
    penaltyFrequency: rule?.frequency ?? 'once',
    penaltyGraceDays: rule?.graceDays ?? 0,
    penaltyCapKind: rule?.cap?.kind ?? null,
    penaltyCapValue: rule?.cap ? (rule.cap.kind === 'amount' ? rule.cap.amount : rule.cap.basisPoints) : null,
    penaltyOrder: rule?.order ?? 'first',
  };
}
