// Mantine's shared styles, imported for their effect; other components bring their own (issue 13).
import './app/mantine-styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { preloadRoute } from './app/preload-route.ts';
import { createQueryClient } from './app/query-client.ts';
import { createRouter, routes } from './app/router.tsx';
import { sessionQueryOptions } from './lib/auth/session.ts';
import { showServerTimesIn } from './lib/format-date-time.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import type { ScreenGuess } from './lib/use-screen-size.ts';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// A first screen the server rendered (docs/decisions/058) comes with the screen size it guessed: the
// browser's first render uses it, and the answers the server showed, so it matches the HTML.
const screenGuess = rootElement.dataset.screen as ScreenGuess | undefined;
const isServerRendered = screenGuess !== undefined;
// Its instants (a balance's "last updated", a posting's time) are in the organisation's time zone,
// as the server drew them. A phone set to another zone would otherwise draw different times while
// taking the page over: a hydration error, and the whole page drawn again in one long task. So the
// visit keeps showing them in that zone, as every calendar day in Kobo already is (docs/decisions/058).
const drawnInTimeZone = rootElement.dataset.timeZone;
if (drawnInTimeZone) showServerTimesIn(() => drawnInTimeZone);

// Every page first asks who is signed in: that question goes out first, ahead of the first page's
// chunks, which then download while the entry starts up; on a phone's six connections the order
// matters (issue 13). Later navigations fetch a page's nested sections alongside it. Answers the
// server already gave are fresh, and are not asked again.
const queryClient = createQueryClient();
const root = rootElement;
const start = () => {
  const router = createRouter();
  void queryClient.prefetchQuery(sessionQueryOptions());
  preloadRoute(routes, window.location, queryClient);
  router.subscribe((state) => preloadRoute(routes, state.location, queryClient));
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} screenGuess={screenGuess}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // Rendered (or hydrated) as a transition, so React hands the main thread back every few
  // milliseconds instead of holding it for the whole tree: a slow phone's page stays responsive
  // meanwhile (issue 34's total blocking time; Remix's entry hydrates so too).
  startTransition(() => {
    if (isServerRendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
  registerServiceWorker(queryClient);
};
// Only a server-rendered page loads what takes its answers over: the shell's first visit stays as light as before.
if (isServerRendered) void import('./app/server-state.ts').then(({ takeServerState }) => (takeServerState(queryClient), start()));
else start();
