// Mantine's shared styles, imported for their effect; other components bring their own (issue 13).
import './app/mantine-styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { preloadRoute } from './app/preload-route.ts';
import { createQueryClient } from './app/query-client.ts';
import { router, routes } from './app/router.tsx';
import { sessionQueryOptions } from './lib/auth/session.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

// Every page first asks who is signed in: that question goes out first, ahead of the first page's
// chunks, which then download while the entry starts up; on a phone's six connections the order
// matters (issue 13). Later navigations fetch a page's nested sections alongside it.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(sessionQueryOptions());
preloadRoute(routes, window.location, queryClient);
router.subscribe((state) => preloadRoute(routes, state.location, queryClient));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

registerServiceWorker(queryClient);
