import { API_TOKEN_SCOPE_RULES, NEVER_BY_TOKEN, can, isUnder, type RouteAccess } from '@kobo/core';
import type { TokenCaller } from './token-caller.ts';

/**
 * Whether a token's caller may call the matched route (its pattern, never the URL text): never the
 * token or backup routes; only the scope's methods and, where it names them, routes; and only when
 * a permission the route accepts is both in the scope and held by the token's owner now, so a token
 * never does more than its owner may (core's token-scopes.ts, docs/decisions/045-screens-ask-the-permission-table-and-token-scopes.md).
 */
export function tokenMayCall(caller: Pick<TokenCaller, 'scope' | 'actor'>, method: string, url: string, access: RouteAccess): boolean {
  if (access === 'public') return true;
  const rule = API_TOKEN_SCOPE_RULES[caller.scope];
  if (isUnder(url, NEVER_BY_TOKEN) || !rule.methods.some((allowed) => allowed === method)) return false;
  if (rule.routes && !isUnder(url, rule.routes)) return false;
  const accepted = typeof access === 'string' ? [access] : access;
  return accepted.some((permission) => rule.permissions.includes(permission) && can(caller.actor.role, permission));
}
