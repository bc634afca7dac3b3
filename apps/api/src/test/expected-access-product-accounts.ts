import { ADMIN, ADMIN_AND_AUDITOR, ADMIN_AND_USER, HOLDERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for a member's product accounts (issue 29): reading them, own transfers,
 * fixed deposits and shares to another member. An empty body fails validation and changes nothing.
 */
export const PRODUCT_ACCOUNTS_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/savings/me/products', expect: HOLDERS },
  { method: 'GET', url: '/api/savings/accounts/:ref/products', expect: ADMIN_AND_AUDITOR, path: '/api/savings/accounts/STF999/products' },
  { method: 'POST', url: '/api/savings/own-transfers', expect: ADMIN_AND_USER, body: {} },
  { method: 'POST', url: '/api/savings/fixed-deposits', expect: ADMIN_AND_USER, body: {} },
  // A holder breaking an account that does not exist is told so (404), as an officer is.
  { method: 'POST', url: '/api/savings/fixed-deposits/:accountId/break', expect: ADMIN_AND_USER, path: `/api/savings/fixed-deposits/${nobody}/break`, body: {} },
  // Shares to another member are an officer's request for a second officer.
  { method: 'POST', url: '/api/savings/share-transfers', expect: ADMIN, body: {} },
];
