// Imported by the service worker (apps/web/pwa-plugin.ts). When a new release's worker replaces an
// earlier one, it leaves a mark in Cache Storage for the page to find on its next start and say
// "Updated" once (apps/web/src/lib/service-worker.ts). The worker notes it itself, not the page:
// the browser installs a new worker on its own at any navigation, sometimes before any of the
// page's scripts could listen for the takeover (e2e/install.test.ts failed so on a busy machine).
// Install notes "replacing" (an active worker exists then); activation, once it has replaced it,
// turns that into the mark, so that an install that fails never announces an update.
var PENDING = 'kobo-update-pending';
var UPDATED = 'kobo-updated';

self.addEventListener('install', function (event) {
  if (!self.registration.active) return;
  event.waitUntil(caches.open(PENDING));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.has(PENDING).then(function (replaced) {
      if (!replaced) return undefined;
      return caches.open(UPDATED).then(function () {
        return caches.delete(PENDING);
      });
    }),
  );
});
