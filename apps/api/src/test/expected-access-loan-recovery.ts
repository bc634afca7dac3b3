import { ADMIN, ADMIN_AND_AUDITOR, HOLDERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for issue 33's recovery from guarantors (modules/loan-recovery/): officers
 * (manage_staff_savings) change, officers and the auditor (view_staff_savings) read, a savings
 * holder (view_own_savings) reads their own debts to guarantors and what borrowers owe them.
 */
export const LOAN_RECOVERY_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/loan-recovery/settings', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/loan-recovery/settings', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/loans/:id/recovery', path: `/api/loans/${nobody}/recovery`, expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/loans/:id/recoveries', path: `/api/loans/${nobody}/recoveries`, expect: ADMIN },
  { method: 'GET', url: '/api/loan-recoveries', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/loan-recoveries/:id/approve', path: `/api/loan-recoveries/${nobody}/approve`, expect: ADMIN },
  { method: 'POST', url: '/api/loan-recoveries/:id/decline', path: `/api/loan-recoveries/${nobody}/decline`, expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/account/guarantor-claims', expect: HOLDERS },
  { method: 'POST', url: '/api/guarantor-claims/:id/repayments', path: `/api/guarantor-claims/${nobody}/repayments`, expect: ADMIN, body: {} },
];
