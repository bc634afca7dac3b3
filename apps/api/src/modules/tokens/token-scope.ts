import { canAccess, type ApiTokenScope, type RouteAccess } from '@kobo/core';

/** The monthly run's routes (modules/savings/batches/batches.routes.ts): what a payroll system needs. */
const BATCH_PREFIXES = ['/api/savings/runs/', '/api/savings/batches'];
/** Never by token: the tokens themselves, and the backups (a whole database, password hashes included). */
const NEVER_BY_TOKEN = ['/api/tokens', '/api/backups'];

/**
 * Whether a token of `scope` may call the matched route (its pattern, never the URL text).
 * - read: any GET an admin may call, except the token and backup routes.
 * - savings_batches: GET and POST on the monthly run and batch routes, and nothing else.
 * Neither scope reaches a route that changes people, tokens or settings: those are never GET,
 * and are not under the batch prefixes (PUT /api/savings/contributions is refused by method).
 */
export function tokenMayCall(scope: ApiTokenScope, method: string, url: string, access: RouteAccess): boolean {
  if (!canAccess('admin', access) || NEVER_BY_TOKEN.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return false;
  if (scope === 'read') return method === 'GET';
  const isBatchRoute = BATCH_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  return (method === 'GET' || method === 'POST') && isBatchRoute;
}
