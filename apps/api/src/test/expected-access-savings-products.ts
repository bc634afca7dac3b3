import { ADMIN, nobody, READERS_AND_HOLDERS, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for Settings › Savings products (issue 29): admins set them up; whoever reads savings lists them. */
export const SAVINGS_PRODUCTS_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/savings-products', expect: READERS_AND_HOLDERS },
  { method: 'GET', url: '/api/savings-products/control-accounts', expect: ADMIN },
  { method: 'POST', url: '/api/savings-products', expect: ADMIN, body: {} },
  { method: 'PUT', url: '/api/savings-products/:id', path: `/api/savings-products/${nobody}`, expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/savings-products/:id/retire', path: `/api/savings-products/${nobody}/retire`, expect: ADMIN },
  { method: 'POST', url: '/api/savings-products/:id/restore', path: `/api/savings-products/${nobody}/restore`, expect: ADMIN },
  { method: 'DELETE', url: '/api/savings-products/:id', path: `/api/savings-products/${nobody}`, expect: ADMIN },
];
