import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@kobo/core';

/** Set when a new version's worker took over; the next visit, which runs that version, says "Updated". */
const UPDATED_KEY = 'kobo.updated';

/**
 * Registers the service worker (apps/web/pwa-plugin.ts) once the page has loaded, so neither
 * workbox-window nor the precache downloads compete with the first visit's own files.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

async function start() {
  announceUpdate();
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('activated', (event) => {
    if (event.isUpdate) localStorage.setItem(UPDATED_KEY, '1');
  });
  try {
    await worker.register();
  } catch (error) {
    // No worker (a private window, storage full): Kobo works as a plain web page.
    console.warn('service worker not registered', error);
  }
}

function announceUpdate() {
  if (localStorage.getItem(UPDATED_KEY) === null) return;
  localStorage.removeItem(UPDATED_KEY);
  notifications.show({ message: MESSAGES.appUpdated, color: 'blue', autoClose: 4000 });
}
