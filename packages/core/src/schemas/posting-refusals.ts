import type { ErrorCode } from '../errors.ts';

/**
 * The refusals several routes share, named once so each route's declared answers (issue 28) list
 * them the same way: what a posting's day, a holder and a savings balance can refuse.
 */

/** A posting's value date: in the future, named by a member, before the books' start, or in a locked month. */
export const POSTING_DAY_REFUSALS = [
  'VALUE_DATE_IN_FUTURE',
  'VALUE_DATE_OFFICERS_ONLY',
  'VALUE_DATE_BEFORE_BOOKS_START',
  'PERIOD_LOCKED',
] as const satisfies readonly ErrorCode[];

/** Whose savings: no account yet, or a holder naming someone else's. */
export const SAVINGS_HOLDER_REFUSALS = ['NO_SAVINGS_ACCOUNT', 'SAVINGS_NOT_AUTHORIZED'] as const satisfies readonly ErrorCode[];

/** Money leaving a savings account: short, held by a loan or a pending request, or below ₦0 on a later day. */
export const SAVINGS_BALANCE_REFUSALS = [
  'INSUFFICIENT_BALANCE',
  'HELD_AGAINST_LOAN',
  'HELD_FOR_APPROVAL',
  'BALANCE_BELOW_ZERO_ON',
] as const satisfies readonly ErrorCode[];

/**
 * Everything a savings posting (a deposit, withdrawal, transfer or reversal, or a request's approval)
 * can be refused for; and an account closed at its holder's exit (issue 32).
 */
export const SAVINGS_POSTING_REFUSALS = [...POSTING_DAY_REFUSALS, ...SAVINGS_HOLDER_REFUSALS, ...SAVINGS_BALANCE_REFUSALS, 'SAVINGS_ACCOUNT_CLOSED'] as const satisfies readonly ErrorCode[];
