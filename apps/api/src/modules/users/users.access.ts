import type { EndpointAccess } from '../../test/access-table.ts';

const nobody = '00000000-0000-4000-8000-000000000000';

/**
 * User Management: admins only. The rows get past the door without changing anyone: an unknown
 * id answers 404, an empty add-user form 400.
 */
export const USERS_ACCESS: EndpointAccess[] = [
  { method: 'GET', url: '/api/users', access: 'manage_users' },
  { method: 'POST', url: '/api/users', access: 'manage_users', body: {} },
  { method: 'PATCH', url: '/api/users/:id/role', access: 'manage_users', path: `/api/users/${nobody}/role`, body: { role: 'user' } },
  { method: 'POST', url: '/api/users/:id/deactivate', access: 'manage_users', path: `/api/users/${nobody}/deactivate` },
  { method: 'POST', url: '/api/users/:id/reactivate', access: 'manage_users', path: `/api/users/${nobody}/reactivate` },
  { method: 'DELETE', url: '/api/users/:id', access: 'manage_users', path: `/api/users/${nobody}` },
];
