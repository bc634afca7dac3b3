import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { mayOpen, type ScreenPath } from '@kobo/core';
import { sessionQueryOptions } from '../lib/auth/session.ts';

/** What a route may carry for preloadRoute: the screen it is (whose permission guards it), and the answer its page asks for first. */
export type RouteHandle = { screen?: ScreenPath; prefetch?: (client: QueryClient, params: URLSearchParams) => void };

/**
 * Starts everything an address shows at once: the download of every lazily loaded page in it (the
 * layout, the page, and a section handed to it, such as the loans on My Savings) and the page's
 * first question to the API. Rendered, they would go one after another, each waiting for the one
 * around it: on a slow phone, a round trip each (issue 13). Behind a guard, nothing is fetched
 * until the session says this person may open it: a staff member sent on from /dashboard never
 * downloads the chart. A failed preload is forgotten: the render's own import or query tries
 * again and says why.
 */
export function preloadRoute(routes: RouteObject[], location: { pathname: string; search: string }, client: QueryClient) {
  for (const match of matchRoutes(routes, location.pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    const preload = () => {
      preloadElement(match.route.element);
      handle?.prefetch?.(client, new URLSearchParams(location.search));
    };
    if (handle?.screen) void sessionMayOpen(handle.screen, client).then((allowed) => allowed && preload());
    else preload();
  }
}

/** The session is asked for once (index.html preloads it; the query caches it); a failure opens nothing early. */
async function sessionMayOpen(screen: ScreenPath, client: QueryClient): Promise<boolean> {
  const user = await client.fetchQuery(sessionQueryOptions()).catch(() => null);
  return mayOpen(screen, user ? { role: user.role, isActive: user.active } : null);
}

function preloadElement(node: ReactNode) {
  if (!isValidElement(node)) return;
  (node.type as { preload?: () => void }).preload?.();
  for (const value of Object.values(node.props as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const child of value) preloadElement(child as ReactNode);
    else preloadElement(value as ReactNode);
  }
}
