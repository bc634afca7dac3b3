import { ADMIN, ADMIN_AND_AUDITOR, nobody, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for issue 33's penalties (modules/loan-penalties/): officers
 * (manage_staff_savings) waive and run the job; officers and the auditor read a loan's charges.
 */
export const LOAN_PENALTIES_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/loans/:id/penalties', path: `/api/loans/${nobody}/penalties`, expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/loans/:id/penalties/waive', path: `/api/loans/${nobody}/penalties/waive`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/loan-penalties/run', expect: ADMIN, body: {} },
];
