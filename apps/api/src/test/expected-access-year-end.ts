import { ADMIN, ADMIN_AND_AUDITOR, nobody, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 31's year end (modules/year-end/year-end.routes.ts): reads view_books, writes manage_books. */
export const YEAR_END_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/year-end/settings', expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/year-end/settings', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/year-end/surplus', path: '/api/year-end/surplus?year=2026', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/year-end/appropriation', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/year-end/runs', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/year-end/runs', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/year-end/runs/:id', path: `/api/year-end/runs/${nobody}`, expect: ADMIN_AND_AUDITOR },
  { method: 'PUT', url: '/api/year-end/runs/:id', path: `/api/year-end/runs/${nobody}`, expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/year-end/runs/:id/preview', path: `/api/year-end/runs/${nobody}/preview`, expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/year-end/runs/:id/preview.xlsx', path: `/api/year-end/runs/${nobody}/preview.xlsx`, expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/year-end/runs/:id/approve', path: `/api/year-end/runs/${nobody}/approve`, expect: ADMIN },
  { method: 'POST', url: '/api/year-end/runs/:id/post', path: `/api/year-end/runs/${nobody}/post`, expect: ADMIN },
  { method: 'POST', url: '/api/year-end/runs/:id/reversal', path: `/api/year-end/runs/${nobody}/reversal`, expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/year-end/years', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/year-end/years/:year/close', path: '/api/year-end/years/1999/close', expect: ADMIN },
];
