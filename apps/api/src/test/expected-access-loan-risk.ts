import { ADMIN, ADMIN_AND_AUDITOR, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for issue 33's portfolio at risk and provisioning
 * (modules/loan-risk/loan-risk.routes.ts): officers (manage_staff_savings) change the scale and run
 * the provision; officers and the auditor (view_staff_savings) read.
 */
export const LOAN_RISK_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/loans/par', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/par/loans', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/par/export', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/risk-settings', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/loans/risk-settings', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/loans/provision-runs', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/loans/provision-runs', expect: ADMIN, body: {} },
];
