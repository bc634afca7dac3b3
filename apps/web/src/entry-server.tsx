/**
 * The first screen rendered on the server (issue 34, docs/decisions/058): the API
 * (apps/api/src/plugins/web-app.ts) calls `render` for an app address, and the browser hydrates
 * the HTML (src/main.tsx). A page's data comes from the API's own GET routes, asked in-process with
 * the visitor's cookie: the same permissions, and the same queries the browser would ask.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Writable } from 'node:stream';
import { StrictMode, isValidElement, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Navigate, StaticRouterProvider, createStaticHandler, createStaticRouter, matchRoutes } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { guardRedirect, type PublicUser } from '@kobo/core';
import { RequireGuard } from './features/guards/components/require-guard.tsx';
import { RequireSignedIn } from './features/guards/components/require-signed-in.tsx';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import type { RouteHandle } from './app/preload-route.ts';
import { carryAnswersOnce, type ServerState } from './app/server-state.ts';
import { routes } from './app/routes.tsx';
import { carryRequestsWith } from './lib/api-client.ts';
import { showServerTimesIn } from './lib/format-date-time.ts';
import { sessionQueryOptions } from './lib/auth/session.ts';
import { paths } from './lib/paths.ts';
import type { ScreenGuess } from './lib/use-screen-size.ts';

/**
 * The screens a person opens the app for (issue 34): their whole first screen is in the HTML — the
 * sign-in form, and the figure a signed-in person comes for. Every other address gets the data-free
 * shell and renders in the browser, as before. The sign-in form cannot be sent before the scripts
 * take it over (lib/use-hydrated.ts): the browser would send it itself, the password in the address.
 */
const SERVER_RENDERED = new Set<string>([paths.login, paths.staffSavings, paths.dashboard]);

export type RenderRequest = {
  /** Path and query of the address asked for. */
  url: string;
  /** The API answering one GET of the app's in-process, with this visitor's cookie. */
  apiGet: (path: string) => Promise<Response>;
  screenGuess: ScreenGuess;
  /** The organisation's time zone (APP_TIMEZONE), in which the page shows its instants. */
  timeZone: string;
};

export type RenderResult =
  | { kind: 'shell' }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      /** Source files (relative to apps/web) of the lazily loaded pages the screen shows: their chunks and styles are linked. */
      modules: string[];
      /** TanStack Query's cache, as JSON with `<` escaped, for a data block in the page. */
      state: string;
      pipe: (destination: Writable) => void;
    };

type Visit = { apiGet: RenderRequest['apiGet']; timeZone: string; answers: { path: string; body: unknown }[] };

// Each render's requests go to its own visitor's API calls, however many renders overlap; the
// answers are noted for the browser to keep offline (src/app/server-state.ts).
const visits = new AsyncLocalStorage<Visit>();
showServerTimesIn(() => visits.getStore()?.timeZone);
carryRequestsWith(async (input) => {
  const visit = visits.getStore();
  if (!visit) throw new Error('a server render asked the API outside a request');
  const path = String(input);
  const response = await visit.apiGet(path);
  if (response.ok) visit.answers.push({ path, body: await response.clone().json() });
  return response;
});

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://kobo.invalid');
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const leaf = matches.at(-1);
  if (!leaf?.route.path || !SERVER_RENDERED.has(leaf.route.path)) return { kind: 'shell' };

  const queryClient = createQueryClient();
  const visit: Visit = { apiGet: request.apiGet, timeZone: request.timeZone, answers: [] };
  return visits.run(visit, async () => {
    const user = await queryClient.fetchQuery(sessionQueryOptions()).catch(() => undefined);
    // The server or the database failed: the browser's own render says so and offers a retry.
    if (user === undefined) return { kind: 'shell' } as const;
    const redirect = matches.map((match) => redirectOf(match.route.element, user)).find((location) => location !== null);
    if (redirect) return { kind: 'redirect', location: redirect } as const;

    for (const match of matches) (match.route.handle as RouteHandle | undefined)?.prefetch?.(queryClient, url.searchParams);
    await untilSettled(queryClient);

    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url.href));
    if (context instanceof Response) return { kind: 'redirect', location: context.headers.get('location') ?? paths.login } as const;
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = (
      <StrictMode>
        <Providers queryClient={queryClient} screenGuess={request.screenGuess}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>
    );
    const pipe = await new Promise<(destination: Writable) => void>((resolve, reject) => {
      // All ready, not the shell: the Content-Security-Policy allows no inline script, so Suspense
      // boundaries cannot be filled in later by React's streamed scripts. The lazy pages are on
      // disk and the data is in, so waiting costs milliseconds.
      const stream = renderToPipeableStream(app, {
        // Never outline a large finished boundary either: React would reveal it with an inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => resolve((destination) => stream.pipe(destination)),
        onShellError: reject,
        onError: (error) => {
          // A page that fails on the server renders in the browser, which shows its own error.
          console.error('server render failed', error);
        },
      });
    });
    const queries = dehydrate(queryClient);
    return {
      kind: 'page',
      modules: matches.flatMap((match) => lazyModulesOf(match.route.element)),
      state: JSON.stringify({ queries, answers: carryAnswersOnce(queries, visit.answers) } satisfies ServerState).replaceAll('<', '\\u003c'),
      pipe,
    } as const;
  });
}

/** The redirect a route's guard or <Navigate> would make in the browser, made before anything renders. */
function redirectOf(element: ReactNode, user: PublicUser | null): string | null {
  if (!isValidElement(element)) return null;
  const props = element.props as Record<string, unknown>;
  if (element.type === Navigate) return String(props.to);
  if (element.type === RequireSignedIn) return user ? null : paths.login;
  if (element.type === RequireGuard) {
    return guardRedirect(props.screen as Parameters<typeof guardRedirect>[0], user ? { role: user.role, isActive: user.active } : null);
  }
  return null;
}

/** The lazy pages in a route's element (src/app/lazy-pages.ts), sections handed to a page included. */
function lazyModulesOf(node: ReactNode): string[] {
  if (!isValidElement(node)) return [];
  const own = (node.type as { module?: string }).module;
  const nested = Object.values(node.props as Record<string, unknown>).flatMap((value) =>
    Array.isArray(value) ? value.flatMap((child) => lazyModulesOf(child as ReactNode)) : lazyModulesOf(value as ReactNode),
  );
  return own ? [own, ...nested] : nested;
}

/** Until every query the page's prefetch started has its answer (they are in-process: milliseconds). */
async function untilSettled(client: QueryClient) {
  while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 2));
}
