import { ADMIN, ADMIN_AND_AUDITOR, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 29's savings reports and the pay-out run (modules/savings-reports). */
export const SAVINGS_REPORTS_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/savings/products/totals', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/savings/products/totals.xlsx', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/savings/products/below-minimum', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/savings/products/below-minimum.xlsx', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/savings/products/payouts', expect: ADMIN },
];
