import { ADMIN, ADMIN_AND_AUDITOR, nobody, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 30's deduction advice, layouts and settings (modules/payroll/advice.routes.ts). */
export const PAYROLL_ADVICE_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/payroll/settings', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/payroll/settings', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/payroll/layouts', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/payroll/layouts', expect: ADMIN, body: {} },
  { method: 'PUT', url: '/api/payroll/layouts/:id', path: `/api/payroll/layouts/${nobody}`, expect: ADMIN, body: {} },
  { method: 'DELETE', url: '/api/payroll/layouts/:id', path: `/api/payroll/layouts/${nobody}`, expect: ADMIN },
  { method: 'POST', url: '/api/payroll/advices', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/payroll/advices', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/payroll/advices/:month', path: '/api/payroll/advices/1999-01', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/payroll/advices/:month/lines/:userId', path: `/api/payroll/advices/1999-01/lines/${nobody}`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/payroll/advices/:month/issue', path: '/api/payroll/advices/1999-01/issue', expect: ADMIN },
  { method: 'GET', url: '/api/payroll/advices/:month/download', path: '/api/payroll/advices/1999-01/download?layout=generic', expect: ADMIN_AND_AUDITOR },
];
