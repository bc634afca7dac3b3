import type { ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 30's remittance, arrears and over-deductions (modules/payroll/remittance.routes.ts). */
export const PAYROLL_REMITTANCE_ACCESS: ExpectedAccess[] = [];
