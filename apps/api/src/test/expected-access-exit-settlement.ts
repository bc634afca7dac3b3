import { ADMIN, ADMIN_AND_AUDITOR, nobody, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for issue 32's settlement (modules/exits/exit-settlement.routes.ts): the
 * statement is read by officers and the auditor; approving, settling, paying out and reversing are
 * the officers' (manage_staff_savings).
 */
export const EXIT_SETTLEMENT_ACCESS: ExpectedAccess[] = [
  { method: 'POST', url: '/api/exits/batch/preview', expect: ADMIN_AND_AUDITOR, body: {} },
  { method: 'POST', url: '/api/exits/batch/settle', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/exits/:id/preview', path: `/api/exits/${nobody}/preview`, expect: ADMIN_AND_AUDITOR, body: {} },
  {
    method: 'GET',
    url: '/api/exits/:id/statement.xlsx',
    path: `/api/exits/${nobody}/statement.xlsx?settlementDate=2026-11-20`,
    expect: ADMIN_AND_AUDITOR,
  },
  { method: 'POST', url: '/api/exits/:id/approve', path: `/api/exits/${nobody}/approve`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/exits/:id/settle', path: `/api/exits/${nobody}/settle`, expect: ADMIN },
  { method: 'POST', url: '/api/exits/:id/pay-out', path: `/api/exits/${nobody}/pay-out`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/exits/:id/reverse', path: `/api/exits/${nobody}/reverse`, expect: ADMIN, body: {} },
];
