import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira, type Kobo } from '../money.ts';
import { koboSchema } from '../schemas/answer-parts.ts';
import { MAX_PENALTY_GRACE_DAYS, LOAN_PENALTY_CAP_KINDS, LOAN_PENALTY_FREQUENCIES, LOAN_PENALTY_KINDS, PENALTY_ORDERS, type PenaltyOrder, type LoanPenaltyRule } from './penalties.ts';

/** The penalty fields of the loan product form (issue 33), as typed: amounts in naira, percentages in %. */
export const penaltyFieldsShape = {
  penaltyKind: z.unknown().optional(),
  penaltyValue: z.unknown().optional(),
  penaltyFrequency: z.unknown().optional(),
  penaltyGraceDays: z.unknown().optional(),
  penaltyCapKind: z.unknown().optional(),
  penaltyCapValue: z.unknown().optional(),
  penaltyOrder: z.unknown().optional(),
};
/** `kind`: a murabaha charges no penalty (its late payment is a charity donation, issue 33), so its penalty fields are ignored. */
type PenaltyFields = { [key in keyof typeof penaltyFieldsShape]?: unknown } & { kind?: unknown };

const hundredths = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? parseNaira(value) : null);
const inRange = (value: number | null, min: number, max: number) => value !== null && value >= min && value <= max;
const isOneOf = (list: readonly string[], value: unknown) => typeof value === 'string' && list.includes(value);
function graceDaysOf(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : (value ?? 0);
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 && number <= MAX_PENALTY_GRACE_DAYS ? number : null;
}

/** Each refused penalty field, on its field; nothing when the product charges no penalty. */
export function checkPenaltyFields(value: PenaltyFields, fail: (path: string, message: string) => void): void {
  if (value.kind === 'murabaha') return;
  const kind = value.penaltyKind ?? 'none';
  if (!isOneOf(LOAN_PENALTY_KINDS, kind)) return fail('penaltyKind', MESSAGES.loanPenaltyKindInvalid);
  if (!isOneOf(PENALTY_ORDERS, value.penaltyOrder ?? 'first')) fail('penaltyOrder', MESSAGES.loanPenaltyOrderInvalid);
  if (kind === 'none') return;
  if (kind === 'percent' && !inRange(hundredths(value.penaltyValue), 1, 10_000)) fail('penaltyValue', MESSAGES.loanPenaltyPercentInvalid);
  if (kind === 'flat' && !inRange(hundredths(value.penaltyValue), 1, MAX_AMOUNT_KOBO)) fail('penaltyValue', MESSAGES.enterValidAmount);
  if (!isOneOf(LOAN_PENALTY_FREQUENCIES, value.penaltyFrequency ?? 'once')) fail('penaltyFrequency', MESSAGES.loanPenaltyFrequencyInvalid);
  if (graceDaysOf(value.penaltyGraceDays) === null) fail('penaltyGraceDays', MESSAGES.loanPenaltyGraceInvalid);
  const capKind = value.penaltyCapKind ?? 'none';
  if (!isOneOf(LOAN_PENALTY_CAP_KINDS, capKind)) fail('penaltyCapKind', MESSAGES.loanPenaltyCapInvalid);
  else if (capKind === 'percent' && !inRange(hundredths(value.penaltyCapValue), 1, 10_000)) fail('penaltyCapValue', MESSAGES.loanPenaltyCapInvalid);
  else if (capKind === 'amount' && !inRange(hundredths(value.penaltyCapValue), 1, MAX_AMOUNT_KOBO)) fail('penaltyCapValue', MESSAGES.loanPenaltyCapInvalid);
}

/** The checked fields as a rule; null when the product charges no penalty. */
export function penaltyRuleOf(value: PenaltyFields): LoanPenaltyRule | null {
  if (value.kind === 'murabaha') return null;
  const kind = value.penaltyKind ?? 'none';
  if (kind !== 'flat' && kind !== 'percent') return null;
  const capValue = hundredths(value.penaltyCapValue) ?? 0;
  return {
    kind,
    value: hundredths(value.penaltyValue) ?? 0,
    frequency: value.penaltyFrequency === 'monthly' ? 'monthly' : 'once',
    graceDays: graceDaysOf(value.penaltyGraceDays) ?? 0,
    cap: value.penaltyCapKind === 'amount' ? { kind: 'amount', amount: capValue as Kobo } : value.penaltyCapKind === 'percent' ? { kind: 'percent', basisPoints: capValue } : null,
    order: (value.penaltyOrder ?? 'first') as PenaltyOrder,
  };
}

/** A product's penalty rule as the API returns it (null: none). */
export const loanPenaltyRuleSchema = z.object({
  kind: z.enum(['flat', 'percent']),
  value: z.number().int(),
  frequency: z.enum(LOAN_PENALTY_FREQUENCIES),
  graceDays: z.number().int(),
  cap: z.union([z.object({ kind: z.literal('amount'), amount: koboSchema }), z.object({ kind: z.literal('percent'), basisPoints: z.number().int() })]).nullable(),
  order: z.enum(PENALTY_ORDERS),
});
