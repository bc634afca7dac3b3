// Stylesheets are imported for their effect: Vite bundles them into the app's CSS file.
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/core/styles.css';
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
