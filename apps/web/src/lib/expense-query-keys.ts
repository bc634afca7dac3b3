/**
 * The roots of the cached expense answers, shared by the screens that read them (features never
 * import each other). A change to one expense can move every total, so a write or a live change
 * invalidates whole roots rather than single pages.
 */
export const EXPENSE_QUERY_ROOTS = {
  categories: ['categories'],
  expenses: ['expenses'],
  dashboard: ['dashboard'],
  reports: ['reports'],
} as const;

/** What a committed expense write can change: lists, totals, reports, and categories' "in use". */
export const AFTER_EXPENSE_CHANGE = [
  EXPENSE_QUERY_ROOTS.expenses,
  EXPENSE_QUERY_ROOTS.dashboard,
  EXPENSE_QUERY_ROOTS.reports,
  EXPENSE_QUERY_ROOTS.categories,
] as const;
