import type { EndpointAccess } from '../../test/access-table.ts';

/** Who may call each savings endpoint (DECISIONS 8); the bodies get past the door. */
export const SAVINGS_ACCESS: EndpointAccess[] = [
  { method: 'GET', url: '/api/savings/holders', access: 'manage_staff_savings' },
  { method: 'POST', url: '/api/savings/staff', access: 'manage_staff_savings', body: {} },
  { method: 'GET', url: '/api/savings/me', access: { roles: ['user', 'staff'] } },
  { method: 'GET', url: '/api/savings/accounts/:ref', path: '/api/savings/accounts/STF999', access: 'manage_staff_savings' },
  {
    method: 'POST',
    url: '/api/savings/transactions',
    access: { roles: ['admin', 'user'] },
    body: { type: 'deposit', amount: '10.00' },
  },
  { method: 'POST', url: '/api/savings/transfers', access: 'manage_staff_savings', body: {} },
  {
    method: 'GET',
    url: '/api/savings/statement',
    path: '/api/savings/statement?from=2026-01-01&to=2026-01-31',
    access: { roles: ['admin', 'user', 'staff'] },
  },
  {
    method: 'GET',
    url: '/api/savings/statement/export',
    path: '/api/savings/statement/export?from=2026-01-01&to=2026-01-31',
    access: { roles: ['admin', 'user', 'staff'] },
  },
];
