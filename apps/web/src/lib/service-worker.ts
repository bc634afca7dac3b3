import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@kobo/core';
import { whenNetworkQuiet } from './network-quiet.ts';

/** Made (by public/sw-updated.js) when a new release's worker replaced an earlier one; the next start, running that release, says "Updated". */
const UPDATED_CACHE = 'kobo-updated';

/** How long nothing may arrive before the worker is registered and starts its precache. */
const QUIET_MS = 2000;

/**
 * Registers the service worker (apps/web/pwa-plugin.ts) once the first page has everything it
 * asked for and the network has been quiet for a moment: on a phone's slow connection the
 * precache (the whole app, about half a megabyte compressed) would otherwise share the line with
 * the page's own chunks and data, which are still arriving when the `load` event fires.
 */
export function registerServiceWorker(queryClient: QueryClient) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Read as the app starts: a release that takes over later in this visit is the next visit's news.
  const updated = 'caches' in window ? caches.has(UPDATED_CACHE).catch(() => false) : Promise.resolve(false);
  const afterLoad = () => {
    void updated.then((yes) => yes && announceUpdate());
    void whenNetworkQuiet(queryClient, QUIET_MS).then(start);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

async function start() {
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });
  try {
    await worker.register();
  } catch (error) {
    // No worker (a private window, storage full): Kobo works as a plain web page.
    console.warn('service worker not registered', error);
  }
}

function announceUpdate() {
  void caches.delete(UPDATED_CACHE);
  notifications.show({ message: MESSAGES.appUpdated, color: 'blue', autoClose: 4000 });
}
