import type { EndpointAccess } from '../../test/access-table.ts';

export const AUTH_ACCESS: EndpointAccess[] = [
  { method: 'GET', url: '/api/health', access: 'public' },
  { method: 'GET', url: '/api/auth/setup', access: 'public' },
  { method: 'POST', url: '/api/auth/sign-up', access: 'public', body: {} },
  { method: 'POST', url: '/api/auth/sign-in', access: 'public', body: {} },
  { method: 'GET', url: '/api/auth/session', access: 'public' },
  { method: 'POST', url: '/api/auth/forgot-password', access: 'public', body: {} },
  { method: 'POST', url: '/api/auth/reset-password', access: 'public', body: {} },
];

/** Run last: it ends the callers' sessions. */
export const SIGN_OUT_ACCESS: EndpointAccess[] = [{ method: 'POST', url: '/api/auth/sign-out', access: 'public' }];
