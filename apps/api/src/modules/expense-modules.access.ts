import type { EndpointAccess } from '../test/access-table.ts';

const readers = { roles: ['admin', 'manager', 'user'] } as const;
const adminOnly = { roles: ['admin'] } as const;
const someId = '00000000-0000-4000-8000-000000000000';

/**
 * Issue 3's endpoints. Bodies get past the door without changing anything shared: ids that do not
 * exist (404), incomplete forms (400), and an account deletion without its confirmation (400).
 */
export const EXPENSE_MODULES_ACCESS: EndpointAccess[] = [
  { method: 'GET', url: '/api/categories', access: readers },
  { method: 'POST', url: '/api/categories', access: 'manage_categories', body: { name: '' } },
  { method: 'DELETE', url: '/api/categories/:id', access: 'manage_categories', path: `/api/categories/${someId}` },
  { method: 'GET', url: '/api/calendar', access: 'signedIn' },
  { method: 'GET', url: '/api/expenses', access: readers },
  { method: 'POST', url: '/api/expenses', access: 'create_expense', body: {} },
  { method: 'GET', url: '/api/expenses/:id', access: readers, path: `/api/expenses/${someId}` },
  { method: 'PUT', url: '/api/expenses/:id', access: 'edit_expense', path: `/api/expenses/${someId}`, body: {} },
  { method: 'DELETE', url: '/api/expenses/:id', access: 'delete_expense', path: `/api/expenses/${someId}` },
  { method: 'GET', url: '/api/dashboard', access: adminOnly },
  { method: 'GET', url: '/api/reports', access: adminOnly },
  { method: 'GET', url: '/api/reports/rows', access: adminOnly },
  { method: 'GET', url: '/api/export/expenses', access: readers },
  // maxSeconds=0: the stream opens and ends at once, so inject() returns.
  { method: 'GET', url: '/api/events', access: 'signedIn', path: '/api/events?maxSeconds=0' },
  { method: 'DELETE', url: '/api/account', access: 'signedIn', body: {} },
];
