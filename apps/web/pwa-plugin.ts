import { VitePWA } from 'vite-plugin-pwa';

/** The colours of the boot frame in index.html: the phone's bar matches the page from the first paint. */
export const THEME_COLOURS = { light: '#ffffff', dark: '#242424' } as const;

/**
 * Installable, and a second visit starts without the network (issue 13;
 * docs/decisions/030-installable-and-offline.md). The service worker precaches the shell and the
 * built files, never their .br/.gz copies (the browser stores what it was sent, already decoded),
 * and leaves /api alone: no API answer passes through it, so none outlives a sign-out there.
 * src/lib/service-worker.ts registers it after the page has loaded.
 */
export function pwa() {
  return VitePWA({
    injectRegister: false,
    // A new worker takes over as soon as it is installed; the page already open keeps its code,
    // the next visit runs the new version and says "Updated".
    registerType: 'autoUpdate',
    manifest: {
      id: '/',
      name: 'Kobo',
      short_name: 'Kobo',
      description: 'Savings, loans and expenses for your organisation',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: THEME_COLOURS.light,
      theme_color: THEME_COLOURS.light,
      // Made from public/logo.svg by make-icons.ts.
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The server's own build (ssr-build-plugin.ts) is not the browser's.
      globIgnores: ['server/**'],
      // A page is asked of the server every time: rendered there, it holds its visitor's data
      // (docs/decisions/058), so no rendered page is ever stored here to be shown to someone else
      // or after a sign-out. Only without a connection does the precached, data-free shell stand
      // in, and the app then works from what this device kept, as before (decision 030). The API's
      // own pages (its documentation, file downloads) are never the app shell.
      // Without this, Workbox answers every navigation with the precached shell before the rule
      // below is asked, and a second visit never gets its rendered page (issue 34's warm visit).
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/api(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
      ],
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // Marks a release that replaced an earlier one, for the next visit's "Updated" (public/sw-updated.js).
      importScripts: ['/sw-updated.js'],
    },
  });
}
