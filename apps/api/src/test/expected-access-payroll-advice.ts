import type { ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 30's deduction advice, layouts and settings (modules/payroll/advice.routes.ts). */
export const PAYROLL_ADVICE_ACCESS: ExpectedAccess[] = [];
