import { ADMIN, ADMIN_AND_AUDITOR, HOLDERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 30's remittance, arrears and over-deductions (modules/payroll/remittance.routes.ts). */
export const PAYROLL_REMITTANCE_ACCESS: ExpectedAccess[] = [
  { method: 'POST', url: '/api/payroll/advices/:month/remittance/file', path: '/api/payroll/advices/2026-01/remittance/file', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/payroll/advices/:month/remittance/match', path: '/api/payroll/advices/2026-01/remittance/match', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/payroll/advices/:month/remittance', path: '/api/payroll/advices/2026-01/remittance', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/payroll/advices/:month/remittance', path: '/api/payroll/advices/2026-01/remittance', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/payroll/arrears', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/payroll/arrears.xlsx', expect: ADMIN_AND_AUDITOR },
  // A member's own arrears: who reads their own savings (GET /api/savings/me).
  { method: 'GET', url: '/api/payroll/arrears/mine', expect: HOLDERS },
  { method: 'GET', url: '/api/payroll/overdeductions', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/payroll/overdeductions/:id/refund', path: `/api/payroll/overdeductions/${nobody}/refund`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/payroll/overdeductions/:id/apply', path: `/api/payroll/overdeductions/${nobody}/apply`, expect: ADMIN, body: {} },
];
