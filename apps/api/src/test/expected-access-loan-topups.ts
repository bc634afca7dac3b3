import { ADMIN, nobody, READERS_AND_HOLDERS, type ExpectedAccess } from './access-outcomes.ts';

/**
 * The route × role rows for issue 33's part A (modules/loans/loan-topups.routes.ts): a loan's payoff
 * quote and restructure history are read by officers, the auditor and the borrower (their own);
 * asking for and deciding a restructure are the officers'.
 */
export const LOAN_TOPUPS_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/loans/:id/payoff-quote', path: `/api/loans/${nobody}/payoff-quote`, expect: READERS_AND_HOLDERS },
  { method: 'GET', url: '/api/loans/:id/restructures', path: `/api/loans/${nobody}/restructures`, expect: READERS_AND_HOLDERS },
  { method: 'POST', url: '/api/loans/:id/restructures', path: `/api/loans/${nobody}/restructures`, expect: ADMIN, body: { months: 6, reason: 'access check' } },
  { method: 'POST', url: '/api/loans/restructures/:id/decision', path: `/api/loans/restructures/${nobody}/decision`, expect: ADMIN, body: { decision: 'decline', reason: 'access check' } },
];
