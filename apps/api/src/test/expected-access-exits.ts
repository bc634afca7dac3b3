import { ADMIN, ADMIN_AND_AUDITOR, HOLDERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for issue 32's exit lifecycle (modules/exits/exits.routes.ts): officers
 * (manage_staff_savings) change, officers and the auditor (view_staff_savings) read, a savings
 * holder (view_own_savings) reads and changes their own nominees and gives their own notice.
 */
export const EXITS_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/exits/settings', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/exits/settings', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/account/nominees', expect: HOLDERS },
  { method: 'PUT', url: '/api/account/nominees', expect: HOLDERS, body: {} },
  { method: 'GET', url: '/api/members/:userId/nominees', path: '/api/members/access-check/nominees', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/members/:userId/nominees', path: '/api/members/access-check/nominees', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/exits', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/account/exit', expect: HOLDERS },
  { method: 'POST', url: '/api/account/exit', expect: HOLDERS, body: {} },
  { method: 'GET', url: '/api/exits', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/exits/:id', path: `/api/exits/${nobody}`, expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/exits/:id/guarantees/:loanId/release', path: `/api/exits/${nobody}/guarantees/${nobody}/release`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/exits/:id/guarantees/:loanId/replace', path: `/api/exits/${nobody}/guarantees/${nobody}/replace`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/exits/:id/cancel', path: `/api/exits/${nobody}/cancel`, expect: ADMIN, body: {} },
];
