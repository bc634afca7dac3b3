/**
 * The root of every loan answer in the query cache: the loans feature keys everything under it,
 * and any screen whose writes change loans (a monthly run's repayments) refreshes it by prefix.
 */
export const LOANS_QUERY_ROOT = ['loans'] as const;
