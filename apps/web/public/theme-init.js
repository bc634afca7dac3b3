// Runs before the first paint so a dark-mode user never sees a white flash. It reads the same
// localStorage key that Mantine's colour-scheme manager writes ('darkMode': 'dark' | 'light').
// A separate file, not an inline script: the Content-Security-Policy allows only 'self' scripts.
// Until the person chooses, the theme follows the phone's own dark-mode setting (issue 13), as
// the provider's defaultColorScheme 'auto' does once the app runs.
(function () {
  var scheme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  try {
    var chosen = window.localStorage.getItem('darkMode');
    if (chosen === 'dark' || chosen === 'light') scheme = chosen;
  } catch {
    // Storage can be unavailable (privacy mode): the phone's setting decides.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();

// A new release's service worker takes over an open page (it skips waiting and claims its clients),
// and the browser looks for one on every navigation by itself: the takeover can come before the
// app's own script has started, so it is noted here, by the first script the page runs. Whether an
// earlier visit saw one is read first, for this visit to announce (apps/web/src/lib/service-worker.ts);
// a takeover on this visit is for the next one. A page that had no worker is a first visit.
(function () {
  var key = 'kobo.updated';
  try {
    document.documentElement.setAttribute('data-kobo-updated', window.localStorage.getItem(key) !== null ? '1' : '0');
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      function () {
        window.localStorage.setItem(key, '1');
      },
      { once: true },
    );
  } catch {
    // Storage unavailable (privacy mode): no "Updated" notice, nothing else changes.
  }
})();
